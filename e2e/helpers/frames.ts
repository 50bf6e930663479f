import type { Frame, Page } from "@playwright/test";
import { emptyMemoryKnowledge, suggestCommand } from "@/games/bots";
import type { TShell } from "./demo";

const RECORD_FRAMES = `(() => {
  window.__frames = [];
  window.__rec = true;
  const tick = (t) => {
    window.__frames.push(t);
    if (window.__rec) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

export type TFrameSummary = { moves: number; frames: number; mean_ms: number; p50_ms: number; p95_ms: number; max_ms: number; fps: number };

/**
 * Plays up to `moves` Gem Match moves in the play shell's frame on a CPU throttled `rate`× (the
 * page's DevTools emulation) and returns the intervals between animation frames from each tap until
 * the shell is idle again. Used by the phone spec (the board animates at all) and by `npm run bench`
 * (how smooth it is: a speed target, checked there and never in a test).
 */
export async function gemMatchFrames(page: Page, frame: Frame, opts: { moves?: number; rate?: number } = {}): Promise<TFrameSummary> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: opts.rate ?? 4 });
  const frames: number[] = [];
  let played = 0;
  try {
    for (let move = 0; move < (opts.moves ?? 3); move++) {
      const state = await frame.evaluate(() => (window as unknown as { __playloop: TShell }).__playloop);
      if (state.state !== "playing") break;
      const cmd = suggestCommand("match3_v1", state.view!, emptyMemoryKnowledge());
      if (!cmd) break;
      const p = cmd.payload as { from: { row: number; col: number }; to: { row: number; col: number } };
      // a string, not a function: tsx (the bench) would wrap a named inner function in a helper
      // that does not exist in the page
      await frame.evaluate(RECORD_FRAMES);
      await frame.locator(`[data-testid=board] [data-row="${p.from.row}"][data-col="${p.from.col}"]`).click();
      await frame.locator(`[data-testid=board] [data-row="${p.to.row}"][data-col="${p.to.col}"]`).click();
      // the move's animation: from the tap until the shell is idle again
      await frame.waitForFunction(
        (seq) => {
          const s = (window as unknown as { __playloop: TShell & { run: { sequence: number } } }).__playloop;
          return s.run.sequence > seq && (s.state === "playing" || s.state === "result");
        },
        state.run!.sequence,
        { timeout: 30_000 },
      );
      const ts = await frame.evaluate(() => {
        const w = window as unknown as { __frames: number[]; __rec: boolean };
        w.__rec = false;
        return w.__frames;
      });
      for (let i = 1; i < ts.length; i++) frames.push(ts[i]! - ts[i - 1]!);
      played++;
    }
  } finally {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.detach();
  }
  frames.sort((a, b) => a - b);
  const pct = (q: number) => frames[Math.min(frames.length - 1, Math.floor(q * frames.length))] ?? 0;
  const mean = frames.reduce((a, b) => a + b, 0) / Math.max(1, frames.length);
  const r1 = (n: number) => +n.toFixed(1);
  return { moves: played, frames: frames.length, mean_ms: r1(mean), p50_ms: r1(pct(0.5)), p95_ms: r1(pct(0.95)), max_ms: r1(frames.at(-1) ?? 0), fps: r1(mean ? 1000 / mean : 0) };
}
