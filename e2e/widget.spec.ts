import { expect, test, type Frame, type Page } from "@playwright/test";

/**
 * The widget on a host page (the demo coffee shop, which opens the panel on load): the page keeps
 * its keyboard focus and its navigation, Escape closes the panel from the page and from inside the
 * game, and a free-play lobby promises no prizes.
 */
async function openDemo(page: Page): Promise<Frame> {
  await page.goto("/demo?game=match3_v1");
  const handle = await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 });
  const frame = (await handle.contentFrame())!;
  await frame.getByTestId("lobby").waitFor({ timeout: 20_000 });
  return frame;
}

const panelOpen = (page: Page) => page.evaluate(() => getComputedStyle(document.querySelector("#playloop-widget")!.shadowRoot!.querySelector(".p")!).display !== "none");

test("focus starts with the host page, not inside the auto-opened widget", async ({ page }) => {
  await openDemo(page);
  expect(await panelOpen(page)).toBe(true);
  // nothing was focused for the visitor: the document, not the widget, has the focus
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.keyboard.press("Tab");
  const first = await page.evaluate(() => ({ tag: document.activeElement?.tagName, text: document.activeElement?.textContent, inWidget: !!document.activeElement?.closest("#playloop-widget") }));
  expect(first).toEqual({ tag: "A", text: "Gem Match", inWidget: false });
});

test("the open panel leaves the host page's navigation visible and clickable on desktop", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openDemo(page);
  expect(await panelOpen(page)).toBe(true);
  const covered = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>("header nav a"))
      .filter((a) => {
        const r = a.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !hit || !a.contains(hit);
      })
      .map((a) => a.textContent),
  );
  expect(covered).toEqual([]);
  await page.getByRole("link", { name: "Parcel Pilot" }).click();
  await expect(page).toHaveURL(/game=parcel_pilot_v1/);
});

/** The host page's main content (headline, call to action, products) that no part of the widget covers. */
const coveredContent = (page: Page, selector = ".hero h1, .hero p, #play-now, .card") =>
  page.evaluate((sel) =>
    Array.from(document.querySelectorAll<HTMLElement>(sel))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.bottom <= 0 || r.top >= innerHeight) return false; // off screen: not covered, just below the fold
        // the quarter points and the centre (a rounded corner's own pixels hit the page behind it)
        const xs = [0.2, 0.5, 0.8].map((f) => r.left + r.width * f);
        const ys = [0.25, 0.5, 0.75].map((f) => r.top + r.height * f);
        const points = xs.flatMap((x) => ys.map((y) => [x, y]));
        return points.some(([x, y]) => x! < innerWidth && y! < innerHeight && !el.contains(document.elementFromPoint(x!, y!)));
      })
      .map((el) => el.textContent?.trim().slice(0, 30)),
  selector);

test("on first load the widget covers none of the host page's content: beside it on a wide screen, behind Play now on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDemo(page);
  expect(await panelOpen(page)).toBe(true);
  expect(await coveredContent(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/demo?game=match3_v1");
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  await page.waitForFunction(() => !!document.querySelector("#playloop-widget")?.shadowRoot?.querySelector(".l"));
  expect(await panelOpen(page)).toBe(false);
  // (the closed launcher is a 60 px button in the corner; the headline and its call to action are clear)
  expect(await coveredContent(page, ".hero h1, .hero p, #play-now")).toEqual([]);
  await page.getByRole("button", { name: "Play now" }).click();
  await expect.poll(() => panelOpen(page)).toBe(true);
});

test("with a mouse, Parcel Pilot's pad is one row and the town takes the panel's height", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/demo?game=parcel_pilot_v1");
  const frame = (await (await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 })).contentFrame())!;
  await frame.getByTestId("play-button").click();
  await frame.getByTestId("board").waitFor();
  const [left, up, down] = await Promise.all(["left", "up", "down"].map((d) => frame.getByTestId(`dpad-${d}`).boundingBox()));
  expect(Math.abs(left!.y - up!.y)).toBeLessThan(2);
  expect(Math.abs(down!.y - up!.y)).toBeLessThan(2);
  // (the thumb-sized cross left it about 210 px here)
  expect((await frame.getByTestId("board").boundingBox())!.height).toBeGreaterThanOrEqual(280);
});

test("Escape closes the panel from the host page and from inside the game", async ({ page }) => {
  const frame = await openDemo(page);
  await page.keyboard.press("Escape");
  await expect.poll(() => panelOpen(page)).toBe(false);

  await page.getByRole("button", { name: "Play now" }).click();
  await expect.poll(() => panelOpen(page)).toBe(true);
  // the click moved focus into the game: keys now go to the iframe's document
  await frame.getByTestId("play-button").focus();
  await frame.getByTestId("play-button").press("Escape");
  await expect.poll(() => panelOpen(page)).toBe(false);
  // focus returns to the launcher, so the keyboard user is not lost
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("playloop-widget");
});

test("a free-play lobby does not promise prizes", async ({ page }) => {
  const frame = await openDemo(page);
  await expect(frame.locator(".plq-eyebrow")).toHaveText("Free play");
  await expect(frame.getByTestId("lobby")).not.toContainText(/play\s*&\s*win/i);
});
