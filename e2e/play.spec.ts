import { expect, test, type Frame, type Page } from "@playwright/test";
import { emptyMemoryKnowledge, suggestCommand, updateMemoryKnowledge, type TMemoryKnowledge } from "@/games/bots";
import type { TMechanicId } from "@/games/manifests";
import { seenHowTo } from "./helpers/howto";

// the first-run "how to play" screen has its own spec (games-polish.spec.ts)
test.beforeEach(({ page }) => seenHowTo(page));

/**
 * A player on the demo shop: the loader injects the iframe, the handshake hands over the
 * anonymous session, and the test plays through the UI, choosing moves from the visible view
 * with the reference bot (the same information a person has).
 */
type TShellState = { state: string; run: { run_id: string; mechanic: string } | null; view: Record<string, unknown> | null; lastResponse: { animation_steps: unknown[] } | null };

async function shellFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error("no iframe content");
  return frame;
}

async function shellState(frame: Frame): Promise<TShellState> {
  return frame.evaluate(() => (window as unknown as { __playloop: TShellState }).__playloop);
}

async function waitIdle(frame: Frame, states = ["playing", "result"]): Promise<TShellState> {
  await frame.waitForFunction((s) => s.includes((window as unknown as { __playloop?: { state: string } }).__playloop?.state ?? ""), states, { timeout: 15_000 });
  return shellState(frame);
}

async function startGame(page: Page, game: TMechanicId): Promise<Frame> {
  await page.goto(`/demo?game=${game}`);
  const frame = await shellFrame(page);
  await frame.getByTestId("lobby").waitFor({ timeout: 20_000 });
  await frame.getByTestId("play-button").click();
  await frame.getByTestId("board").waitFor();
  await waitIdle(frame);
  return frame;
}

async function playMove(frame: Frame, mechanic: TMechanicId, view: Record<string, unknown>, memory: TMemoryKnowledge): Promise<boolean> {
  const cmd = suggestCommand(mechanic, view, memory);
  if (!cmd) return false;
  const p = cmd.payload as Record<string, any>;
  if (mechanic === "match3_v1") {
    await frame.locator(`[data-testid=board] [data-row="${p.from.row}"][data-col="${p.from.col}"]`).click();
    await frame.locator(`[data-testid=board] [data-row="${p.to.row}"][data-col="${p.to.col}"]`).click();
  } else if (mechanic === "memory_v1") {
    await frame.locator(`[data-testid=board] [data-index="${p.index}"]`).click();
  } else {
    await frame.getByTestId(`dpad-${p.dir}`).click();
  }
  return true;
}

test.describe("demo play", () => {
  test("loads the widget, completes the handshake and plays match3 level 1 to a win", async ({ page }) => {
    test.setTimeout(150_000); // level 1 takes about ten moves (the designed curve); room for a slow machine
    const messages: string[] = [];
    await page.exposeFunction("__recordRunFinished", (detail: string) => messages.push(detail));
    await page.addInitScript(() => window.addEventListener("playloop:run_finished", (e) => (window as any).__recordRunFinished(JSON.stringify((e as CustomEvent).detail))));
    const frame = await startGame(page, "match3_v1");
    await page.screenshot({ path: "test-results/demo-match3-start.png" });
    let state = await shellState(frame);
    expect(state.run?.mechanic).toBe("match3_v1");
    const memory = emptyMemoryKnowledge();
    for (let i = 0; i < 60 && state.state !== "result"; i++) {
      if (!(await playMove(frame, "match3_v1", state.view!, memory))) break;
      state = await waitIdle(frame);
    }
    await expect(frame.getByTestId("result")).toBeVisible();
    await expect(frame.getByTestId("progression")).toBeVisible();
    await expect(frame.getByTestId("result")).toHaveAttribute("data-status", "won");
    await expect(frame.getByTestId("result")).toContainText(/Level 1 complete/);
    await expect(frame.getByTestId("progression")).toContainText(/First clear/);
    await page.screenshot({ path: "test-results/demo-match3-result.png" });
    await expect.poll(() => messages.length).toBeGreaterThan(0);
    expect(JSON.parse(messages[0]!)).toMatchObject({ status: "won", level_number: 1 });
  });

  for (const game of ["memory_v1", "parcel_pilot_v1"] as const) {
    test(`${game} loads and accepts moves`, async ({ page }) => {
      const frame = await startGame(page, game);
      let state = await shellState(frame);
      expect(state.run?.mechanic).toBe(game);
      let memory: TMemoryKnowledge = updateMemoryKnowledge(emptyMemoryKnowledge(), [], state.view!);
      const before = JSON.stringify(state.view);
      for (let i = 0; i < 4; i++) {
        await playMove(frame, game, state.view!, memory);
        state = await waitIdle(frame);
        memory = updateMemoryKnowledge(memory, (state.lastResponse?.animation_steps ?? []) as never, state.view!);
      }
      expect(JSON.stringify(state.view)).not.toBe(before);
      await page.screenshot({ path: `test-results/demo-${game}.png` });
    });
  }
});

test("the play shell refuses public preview", async ({ request }) => {
  const res = await request.get("/v1/play?project_id=00000000-0000-4000-8000-000000000000&mode=preview");
  expect(res.status()).toBe(403);
});
