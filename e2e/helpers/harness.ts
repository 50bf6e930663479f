// The play shell harness (client/harness) as browser tests drive it: its server, the shell's frame
// and state, and moves made through the real UI (drags, keys). Used by play-harness.spec.ts and
// reduced-motion.spec.ts.
import { expect, test, type Frame, type Page } from "@playwright/test";
import { startHarnessServer, type HarnessServer } from "../../client/harness/server";

export type Cell = { row: number; col: number };
type Cmd = { action: string; payload: { from?: Cell; to?: Cell; index?: number; dir?: string } };
/** What the shell and the harness expose on the frame's window. */
export type THarnessWindow = {
  __playloop: { state: string; view: Record<string, unknown> | null; run: { sequence: number; run_id: string } | null; lastResponse: { sequence: number } | null };
  __harness: { suggest(): Cmd | null; tokens: string[]; revokeTokens(): void; setLatency(ms: number): void; server: { dropResponses: number } };
  __events: { type: string; detail?: Record<string, unknown> }[];
};

let server: HarnessServer | undefined;

/** Starts the harness server before the spec file's tests and stops it after them; `url` is where it serves. */
export function useHarnessServer(): { readonly url: string } {
  test.beforeAll(async () => {
    server = await startHarnessServer();
  });
  test.afterAll(async () => {
    await server?.close();
    server = undefined;
  });
  return {
    get url() {
      if (!server) throw new Error("the harness server is not running (useHarnessServer in the spec file)");
      return server.url;
    },
  };
}

export async function shellFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().includes("/v1/play")), { timeout: 15_000 }).toBe(true);
  const frame = page.frames().find((f) => f.url().includes("/v1/play")) as Frame;
  await frame.waitForFunction(() => (window as unknown as THarnessWindow).__playloop?.state === "lobby", null, { timeout: 15_000 });
  return frame;
}

export const state = (f: Frame) => f.evaluate(() => (window as unknown as THarnessWindow).__playloop.state);
export const sequence = (f: Frame) => f.evaluate(() => (window as unknown as THarnessWindow).__playloop.run?.sequence ?? 0);

/** Waits until the command after `before` was answered and animated. */
export async function settled(f: Frame, before: number): Promise<void> {
  await f.waitForFunction(
    (b) => {
      const p = (window as unknown as THarnessWindow).__playloop;
      return (p.run?.sequence ?? 0) > b && (p.state === "playing" || p.state === "result");
    },
    before,
    { timeout: 15_000 },
  );
}

export async function openLevel(page: Page, mechanic: string): Promise<Frame> {
  if (!server) throw new Error("the harness server is not running (useHarnessServer in the spec file)");
  await page.goto(`${server.url}/?mechanic=${mechanic}`);
  const frame = await shellFrame(page);
  await frame.getByTestId("play-button").click();
  await frame.waitForFunction(() => (window as unknown as THarnessWindow).__playloop.state === "playing");
  await expect(frame.getByTestId("board")).toBeVisible();
  return frame;
}

export async function dragTile(page: Page, f: Frame, from: Cell, to: Cell): Promise<void> {
  const a = await f.locator(`[data-row="${from.row}"][data-col="${from.col}"]`).boundingBox();
  if (!a) throw new Error("tile not found");
  const x = a.x + a.width / 2;
  const y = a.y + a.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 4; i++) await page.mouse.move(x + ((to.col - from.col) * a.width * i) / 4, y + ((to.row - from.row) * a.height * i) / 4);
  await page.mouse.up();
}

// match3 keyboard play: the cursor cell is [data-cursor="row,col"]
export const ARROW: Record<string, string> = { "-1,0": "ArrowUp", "1,0": "ArrowDown", "0,-1": "ArrowLeft", "0,1": "ArrowRight" };
export const WASD: Record<string, string> = { "-1,0": "w", "1,0": "s", "0,-1": "a", "0,1": "d" };
export const keyFor = (a: Cell, b: Cell, keys = ARROW) => keys[`${b.row - a.row},${b.col - a.col}`] as string;

export async function keyCursor(f: Frame): Promise<Cell> {
  const [row, col] = ((await f.locator("[data-cursor]").getAttribute("data-cursor")) ?? "").split(",").map(Number);
  return { row: row as number, col: col as number };
}

/** Walks the match3 cursor to c with arrows (or WASD), one cell per key. */
export async function walkCursor(page: Page, f: Frame, c: Cell, keys = ARROW): Promise<void> {
  for (let at = await keyCursor(f), i = 0; (at.row !== c.row || at.col !== c.col) && i < 20; at = await keyCursor(f), i++) {
    const step = at.row !== c.row ? { row: at.row + Math.sign(c.row - at.row), col: at.col } : { row: at.row, col: at.col + Math.sign(c.col - at.col) };
    await page.keyboard.press(keyFor(at, step, keys));
  }
  expect(await keyCursor(f)).toEqual(c);
}
