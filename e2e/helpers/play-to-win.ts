import { expect, type Frame } from "@playwright/test";
import { emptyMemoryKnowledge, suggestCommand } from "@/games/bots";

/** Plays Gem Match in the shell with the reference bot through taps; answers the time the winning command's response arrived. */
export async function playToWin(frame: Frame): Promise<number> {
  const memory = emptyMemoryKnowledge();
  let winAt = 0;
  frame.page().on("response", (r) => {
    if (r.url().includes("/commands") && r.status() === 200) void r.json().then((b: { status?: string }) => (b.status === "won" && !winAt ? (winAt = Date.now()) : 0), () => 0);
  });
  for (let i = 0; i < 60; i++) {
    await frame.waitForFunction(() => ["playing", "result"].includes((window as any).__playloop?.state ?? ""), undefined, { timeout: 15_000 });
    const s = await frame.evaluate(() => (window as any).__playloop as { state: string; view: Record<string, unknown> });
    if (s.state === "result") break;
    const cmd = suggestCommand("match3_v1", s.view, memory) as { payload: { from: { row: number; col: number }; to: { row: number; col: number } } } | null;
    if (!cmd) break;
    await frame.locator(`[data-testid=board] [data-row="${cmd.payload.from.row}"][data-col="${cmd.payload.from.col}"]`).click();
    await frame.locator(`[data-testid=board] [data-row="${cmd.payload.to.row}"][data-col="${cmd.payload.to.col}"]`).click();
  }
  await expect.poll(() => winAt).toBeGreaterThan(0);
  return winAt;
}
