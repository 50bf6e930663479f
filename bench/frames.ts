import { chromium } from "@playwright/test";
import { openDemoGame } from "../e2e/helpers/demo";
import { gemMatchFrames, type TFrameSummary } from "../e2e/helpers/frames";
import { seenHowTo } from "../e2e/helpers/howto";

/**
 * The play shell as a phone shows it: Chromium (Debian's, as in the e2e suite) opens the demo host
 * page of the bench's API server at 390×844 with touch, starts a Gem Match run and plays `moves`
 * moves on a CPU throttled 4× (a mid-range phone), recording the intervals between animation frames
 * from each tap until the shell is idle. One browser at a time, nothing else loading the machine.
 */
export async function measureFrames(baseUrl: string, moves = 6): Promise<TFrameSummary> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    // the phone spec's device: 390×844, touch, mobile viewport
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, baseURL: baseUrl });
    const page = await context.newPage();
    await seenHowTo(page);
    const frame = await openDemoGame(page, "match3_v1");
    // one move unthrottled first: the shell's code paths and images are warm, as on a second move
    await gemMatchFrames(page, frame, { moves: 1, rate: 1 });
    return await gemMatchFrames(page, frame, { moves, rate: 4 });
  } finally {
    await browser.close();
  }
}

/** The scenario's lines in the bench's report, with its target (frame p50 < 50 ms on a throttled phone). */
export function framesReport(f: TFrameSummary): string {
  const ok = f.moves > 0 && f.frames > 30 && f.p50_ms < 50;
  return [
    "scenario: frames (the play shell on a 390×844 touch phone in Chromium, CPU throttled 4×; Gem Match moves from tap to idle)",
    `  ${f.moves} moves, ${f.frames} frames: mean ${f.mean_ms} ms (${f.fps} fps)  p50 ${f.p50_ms} ms  p95 ${f.p95_ms} ms  max ${f.max_ms} ms`,
    `  frame p50 ${f.p50_ms} ms (target < 50 ms, 20 fps or better on a mid phone) ${ok ? "MET" : "NOT MET"}\n`,
  ].join("\n");
}
