import type { Page } from "@playwright/test";

/**
 * For specs that test something else than the first run: every game's "how to play" screen counts as
 * dismissed (in each frame's storage, before any script runs), and where a frame has no storage (a
 * third-party iframe with blocked storage shows it on every page load) it is dismissed when it shows.
 */
export async function seenHowTo(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      for (const m of ["match3_v1", "memory_v1", "parcel_pilot_v1"]) localStorage.setItem(`plq-howto-${m}`, "1");
    } catch {
      /* a frame without storage (third-party, about:blank, opaque origins) */
    }
  });
  await page.addLocatorHandler(page.frameLocator("iframe[src*='/v1/play']").getByTestId("how-to-play"), async (overlay) => {
    await overlay.getByTestId("howto-close").click();
  });
}
