import { expect, type Frame } from "@playwright/test";
import { emptyMemoryKnowledge, suggestCommand } from "@/games/bots";

/**
 * A person's pace: one move at most every this many milliseconds. The fraud gate holds a claim
 * whose run's median gap between commands is below 250 ms (command_pace, its default:
 * server/domain/trust/fraud/rules/command-pace.ts) — a script's pace. Without a wait the bot's two
 * taps and the shell's answer take ~200 ms a move on a fast machine with motion reduced, and every
 * win's reward was held (2026-12-06, e2e/quickstart.spec.ts: median gaps 199–213 ms).
 */
const PERSON_PACE_MS = 400;

/** Plays Gem Match in the shell with the reference bot through taps, at a person's pace; answers the time the winning command's response arrived. */
export async function playToWin(frame: Frame): Promise<number> {
  const memory = emptyMemoryKnowledge();
  let winAt = 0;
  frame.page().on("response", (r) => {
    if (r.url().includes("/commands") && r.status() === 200) void r.json().then((b: { status?: string }) => (b.status === "won" && !winAt ? (winAt = Date.now()) : 0), () => 0);
  });
  let lastMoveAt = 0;
  for (let i = 0; i < 60; i++) {
    await frame.waitForFunction(() => ["playing", "result"].includes((window as any).__playloop?.state ?? ""), undefined, { timeout: 15_000 });
    const s = await frame.evaluate(() => (window as any).__playloop as { state: string; view: Record<string, unknown> });
    if (s.state === "result") break;
    const cmd = suggestCommand("match3_v1", s.view, memory) as { payload: { from: { row: number; col: number }; to: { row: number; col: number } } } | null;
    if (!cmd) break;
    const wait = lastMoveAt + PERSON_PACE_MS - Date.now();
    if (wait > 0) await frame.page().waitForTimeout(wait); // the pace is what is modelled here, not a wait for a state
    lastMoveAt = Date.now();
    await frame.locator(`[data-testid=board] [data-row="${cmd.payload.from.row}"][data-col="${cmd.payload.from.col}"]`).click();
    await frame.locator(`[data-testid=board] [data-row="${cmd.payload.to.row}"][data-col="${cmd.payload.to.col}"]`).click();
  }
  await expect.poll(() => winAt).toBeGreaterThan(0);
  return winAt;
}
