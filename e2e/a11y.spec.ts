import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createProjectInConsole, PHONE, signUpWithTwoFactor } from "./helpers/console";

/**
 * Automated accessibility check (axe-core, WCAG 2.x A/AA rules) over every console page — every
 * tab of the project frame, read from the page itself so new tabs are covered too — the public
 * pages and the play shell. Serious and critical violations fail the test, with what and where.
 */
async function check(page: Page, name: string): Promise<void> {
  // A control that is loading (aria-busy: a Refresh button while its query runs) is checked once
  // it has settled, so axe measures the page a person reads, not one mid-fetch.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 10_000 });
  // Let entrance transitions finish in the page and its frames (axe measures the colours actually
  // painted). Not "networkidle": it waits for a quiet network, which a loaded machine or a page
  // that keeps a request open may never give (it timed out here once with every request answered).
  for (const frame of page.frames()) {
    await frame.evaluate(async () => {
      await document.fonts.ready;
      const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
      await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 5_000))]);
    });
  }
  // A page without frames (every console page but one) is checked by one `axe.run` in the page
  // (axe's "legacy mode"): the same rules on the same document, without the blank page the
  // frame-by-frame run opens to merge its frames' results — half the time here (axe 2.0 → 1.0 s a
  // page; the two-width console pass 2.4 → 1.3 min alone). A page with frames (the shell's
  // cross-origin iframe) keeps the frame-by-frame run, which reaches into every frame.
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  // The frame-by-frame run finishes in a blank page of its own, opened and closed in this context. Once
  // in CI our page stopped painting after that (no screencast frame for eight minutes), so the next
  // click waited forever for the button to be "stable": the page is made the active one again.
  await page.bringToFront();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1, 2).join("")}`).join("\n")}`);
  expect.soft(report, `${name}: serious or critical accessibility violations`).toEqual([]);
}

/**
 * The console's copy speaks words: no snake_case codes or raw ids in the text a person reads.
 * Text inside code, inputs and monospace spans (ids shown on purpose, snippets, keys) is skipped.
 */
async function checkCopy(page: Page, name: string): Promise<void> {
  const raw = await page.evaluate(() => {
    const skip = "code, pre, kbd, samp, input, textarea, select, script, style, .font-mono, [aria-hidden=true]";
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.querySelector("main") ?? document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest(skip) || !el.checkVisibility()) continue;
      for (const m of n.textContent?.match(/\b[a-z][a-z0-9]*_[a-z0-9_]+\b/g) ?? []) found.add(m);
    }
    return [...found];
  });
  expect.soft(raw, `${name}: raw codes in the visible copy`).toEqual([]);
}

test("public pages", async ({ page }) => {
  for (const path of ["/", "/login", "/signup", "/status", "/no-such-page"]) {
    await page.goto(path);
    await check(page, path);
  }
});

// One admin for both widths: the suite signs up exactly as many admins as one address may in an
// hour (20); a test per width went over it. The budget is the full suite's, not this test's alone:
// 2.1 min alone, over 4 min beside the other worker on a loaded machine.
test("every console page, at desktop and phone width", async ({ page }) => {
  test.setTimeout(480_000);
  await signUpWithTwoFactor(page, "a11y");
  await check(page, "projects (empty)");
  const projectUrl = `/projects/${await createProjectInConsole(page, "Aurora Coffee")}`;
  await page.goto(projectUrl);
  const sections = page.getByRole("navigation", { name: "Sections" });
  await expect(sections.getByRole("link", { name: "Embed" })).toBeVisible();
  const tabs = await sections.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  expect(tabs.length).toBeGreaterThan(5);
  const pages = ["/projects", ...tabs, "/account", "/account/billing"];
  for (const size of ["desktop", "phone"] as const) {
    if (size === "phone") await page.setViewportSize(PHONE);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      await check(page, `${path} (${size})`);
      if (size === "desktop") await checkCopy(page, path);
    }
  }
});

test("the play shell, lobby and game", async ({ page }) => {
  await page.goto("/demo?game=match3_v1");
  const frame = (await (await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 })).contentFrame())!;
  await frame.getByTestId("lobby").waitFor({ timeout: 20_000 });
  await check(page, "demo page with the lobby");
  await frame.getByTestId("play-button").click();
  await frame.getByTestId("board").waitFor();
  await check(page, "demo page with a game");
});
