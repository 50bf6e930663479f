import type { Frame, Page } from "@playwright/test";
import type { TMechanicId } from "@/games/manifests";

/** What the play shell exposes on `window.__playloop` for tests and the bench. */
export type TShell = { state: string; view: Record<string, unknown> | null; run: { sequence: number } | null };

/** The demo page for `game`; below 1100 px the panel waits for "Play now" (it would cover the page). */
export async function gotoDemo(page: Page, game: string): Promise<void> {
  await page.goto(`/demo?game=${game}`);
  if ((page.viewportSize()?.width ?? 1280) < 1100) await page.getByRole("button", { name: "Play now" }).click();
}

/** The demo host page for `game`, and the play shell's frame once its lobby shows. */
export async function openDemoLobby(page: Page, game: TMechanicId): Promise<Frame> {
  await gotoDemo(page, game);
  const frame = (await (await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 })).contentFrame())!;
  await frame.getByTestId("lobby").waitFor({ timeout: 20_000 });
  return frame;
}

/** openDemoLobby, then Play: the frame once a run is on the board and waiting for a move. */
export async function openDemoGame(page: Page, game: TMechanicId): Promise<Frame> {
  const frame = await openDemoLobby(page, game);
  await frame.getByTestId("play-button").click();
  await frame.getByTestId("board").waitFor();
  await frame.waitForFunction(() => (window as unknown as { __playloop?: TShell }).__playloop?.state === "playing");
  return frame;
}
