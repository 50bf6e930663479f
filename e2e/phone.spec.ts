import { expect, test, type Frame, type Page } from "@playwright/test";
import { emptyMemoryKnowledge, suggestCommand } from "../server/games/bots";
import type { TMechanicId } from "../server/games/types";
import { seenHowTo } from "./helpers/howto";

/**
 * The play shell on a 390×844 touch phone: no empty bands above the lobby or between the score bar
 * and the board, no control at the very edge, safe-area insets in the layout, smooth animation on a
 * throttled CPU, and sound that stays off until the player turns it on (and remembers it).
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
// These tests measure layout, sound and frames, not the first-run how-to-play screen.
test.beforeEach(({ page }) => seenHowTo(page));

type TShell = { state: string; view: Record<string, unknown> | null; run: { sequence: number } | null };

async function lobby(page: Page, game: TMechanicId): Promise<Frame> {
  await page.goto(`/demo?game=${game}`);
  const frame = (await (await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 })).contentFrame())!;
  await frame.getByTestId("lobby").waitFor({ timeout: 20_000 });
  return frame;
}

async function play(page: Page, game: TMechanicId): Promise<Frame> {
  const frame = await lobby(page, game);
  await frame.getByTestId("play-button").click();
  await frame.getByTestId("board").waitFor();
  await frame.waitForFunction(() => (window as unknown as { __playloop?: TShell }).__playloop?.state === "playing");
  return frame;
}

const rect = (frame: Frame, sel: string) => frame.locator(sel).first().evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect);

test("the lobby starts at the top of the screen, without an empty band", async ({ page }) => {
  const frame = await lobby(page, "match3_v1");
  const top = await rect(frame, ".plq-lobby > :first-child");
  expect(top.top).toBeLessThan(32);
  const head = await rect(frame, ".plq-lobby-head");
  expect(head.top).toBeLessThan(100);
});

for (const game of ["match3_v1", "memory_v1", "parcel_pilot_v1"] as const) {
  test(`${game}: the board sits right under the score bar and no control touches the edge`, async ({ page }) => {
    const frame = await play(page, game);
    const hud = await rect(frame, ".plq-hud");
    const board = await rect(frame, "[data-testid=board]");
    expect(board.top - hud.bottom, "gap between the score bar and the board").toBeLessThan(28);
    const size = await frame.evaluate(() => ({ w: innerWidth, h: innerHeight }));
    const controls = await frame.locator("button:visible").evaluateAll((els) => els.map((e) => ({ name: e.getAttribute("aria-label") ?? e.textContent, ...e.getBoundingClientRect().toJSON() })));
    expect(controls.length).toBeGreaterThan(0);
    for (const c of controls) {
      expect(c.left, `${c.name} left`).toBeGreaterThanOrEqual(8);
      expect(c.right, `${c.name} right`).toBeLessThanOrEqual(size.w - 8);
      expect(c.bottom, `${c.name} bottom`).toBeLessThanOrEqual(size.h - 12);
    }
  });
}

test("screen padding adds the safe-area insets", async ({ page }) => {
  const frame = await lobby(page, "match3_v1");
  const rules = await frame.evaluate(() =>
    Array.from(document.styleSheets).flatMap((s) => Array.from(s.cssRules).map((r) => r.cssText)).filter((t) => t.startsWith(".plq-screen {")).join("\n"),
  );
  for (const side of ["top", "right", "bottom", "left"]) expect(rules).toContain(`env(safe-area-inset-${side})`);
});

test("sound is off by default, and the mute toggle persists across visits", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { AudioContext: unknown; __audioContexts: number };
    w.__audioContexts = 0;
    const Real = window.AudioContext;
    w.AudioContext = class extends Real {
      constructor() {
        super();
        w.__audioContexts++;
      }
    };
  });
  const frame = await play(page, "memory_v1");
  const toggle = frame.getByTestId("sound-toggle");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await frame.locator("[data-testid=board] [data-index='0']").click();
  await frame.waitForFunction(() => (window as unknown as { __playloop?: TShell }).__playloop?.state === "playing");
  expect(await frame.evaluate(() => (window as unknown as { __audioContexts: number }).__audioContexts)).toBe(0);

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(toggle).toHaveAccessibleName("Sound on");
  expect(await frame.evaluate(() => (window as unknown as { __audioContexts: number }).__audioContexts)).toBe(1);

  const again = await lobby(page, "memory_v1");
  await expect(again.getByTestId("sound-toggle")).toHaveAttribute("aria-pressed", "true");
  await again.getByTestId("sound-toggle").click();
  const third = await lobby(page, "memory_v1");
  await expect(third.getByTestId("sound-toggle")).toHaveAttribute("aria-pressed", "false");
});

test("frame times during a Gem Match move on a 4× throttled CPU", async ({ page }) => {
  const frame = await play(page, "match3_v1");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  try {
    const frames: number[] = [];
    for (let move = 0; move < 3; move++) {
      const state = await frame.evaluate(() => (window as unknown as { __playloop: TShell }).__playloop);
      if (state.state !== "playing") break;
      const cmd = suggestCommand("match3_v1", state.view!, emptyMemoryKnowledge());
      if (!cmd) break;
      const p = cmd.payload as { from: { row: number; col: number }; to: { row: number; col: number } };
      await frame.evaluate(() => {
        const w = window as unknown as { __frames: number[]; __rec: boolean };
        w.__frames = [];
        w.__rec = true;
        const tick = (t: number) => {
          w.__frames.push(t);
          if (w.__rec) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
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
    }
    frames.sort((a, b) => a - b);
    const pct = (q: number) => frames[Math.min(frames.length - 1, Math.floor(q * frames.length))]!;
    const mean = frames.reduce((a, b) => a + b, 0) / frames.length;
    const summary = { frames: frames.length, mean_ms: +mean.toFixed(1), p50_ms: +pct(0.5).toFixed(1), p95_ms: +pct(0.95).toFixed(1), max_ms: +frames[frames.length - 1]!.toFixed(1), fps: +(1000 / mean).toFixed(1) };
    console.log(`frame times, CPU throttled 4x: ${JSON.stringify(summary)}`);
    expect(frames.length).toBeGreaterThan(30);
    // generous: a mid phone must stay fluid, not hit a number tuned to this machine
    expect(summary.p50_ms).toBeLessThan(50);
  } finally {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  }
});
