import type { Frame } from "@playwright/test";

/**
 * Waits until nothing on the shell's screen moves: no running animation, no counter counting. A
 * screen enters with a 220 ms fade and 8 px rise (client/shell/main.ts): a layout measured before it
 * has finished reads every box up to 8 px low.
 */
export async function stillScreen(f: Frame): Promise<void> {
  await f.waitForFunction(
    () =>
      !document.querySelector("[data-counting]") &&
      // Endless ambient loops (a pulsing button) never finish; everything finite must have.
      document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}
