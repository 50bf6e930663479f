import type { Page } from "@playwright/test";

/**
 * Marks every game's "how to play" screen as already dismissed in this page's storage (every frame,
 * before any script runs), for specs that test something else than the first run.
 */
export async function seenHowTo(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      for (const m of ["match3_v1", "memory_v1", "parcel_pilot_v1"]) localStorage.setItem(`plq-howto-${m}`, "1");
    } catch {
      /* a frame without storage (about:blank, opaque origins) */
    }
  });
}
