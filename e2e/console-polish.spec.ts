import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { DESKTOP, PHONE, shots } from "./helpers/console";
import { networkOfOwnAddress, signUpFromOwnAddress } from "./helpers/address";

/**
 * The console as a new admin meets it: settings that keep the field being edited in view and check
 * colours as they are typed, copy in words (no raw codes, no ids), the overview leading with
 * players, and account security they can recognise and manage.
 */
type TAccount = { email: string; password: string; secret: string; address: string };

async function signUp(page: Page, prefix: string): Promise<TAccount> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
  const password = "correct horse battery staple";
  const address = await signUpFromOwnAddress(page);
  await page.goto("/signup");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/2fa\/setup$/);
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from your app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Verify and enable" }).click();
  await page.getByLabel("I saved my recovery codes in a safe place.").check();
  await page.getByRole("button", { name: "Continue to the console" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  return { email, password, secret, address };
}

/** A code of the next time step: accepted (±1 step) and newer than any code used so far. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function createProject(page: Page): Promise<string> {
  await page.getByLabel("Project name").fill("Aurora Coffee");
  await page.getByLabel("Allowed origins").fill("https://shop.example");
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  return page.url();
}

const rect = (page: Page, sel: string) => page.locator(sel).first().evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect);

test("settings: colours are checked as typed, both previewed live, and the save bar never hides the field or its error", async ({ page }) => {
  await signUp(page, "polish-settings");
  const url = await createProject(page);
  await page.setViewportSize(PHONE);
  await page.goto(`${url}/settings`);
  const colour = page.getByLabel("Primary colour");
  await colour.fill("#12");
  // no save needed: the error appears while typing
  await expect(page.getByText("A colour has 6 digits after the #")).toBeVisible();
  await colour.fill("#12zz56");
  await expect(page.getByText("Use only the digits 0–9 and letters A–F")).toBeVisible();
  await colour.fill("#ffcc00");
  await expect(page.getByText(/A colour has|Use only the digits/)).toHaveCount(0);
  await expect(page.getByTestId("preview-primary")).toContainText("#ffcc00");
  // the accent players will see is derived live (darkened for white text), not the saved one
  const accent = (await page.getByTestId("preview-accent").locator(".font-mono").textContent())!;
  expect(accent).toMatch(/^#[0-9a-f]{6}$/);
  expect(accent).not.toBe("#ffcc00");

  // focus the field from the top of the page: it and its error line sit above the sticky bar
  await colour.fill("#12");
  await page.getByLabel("Project name").focus();
  await page.evaluate(() => window.scrollTo(0, 0));
  await colour.focus();
  const bar = await rect(page, "[data-save-bar]");
  const field = await rect(page, "#color");
  const error = await rect(page, "#color-error");
  expect(field.bottom).toBeLessThanOrEqual(bar.top);
  expect(error.bottom).toBeLessThanOrEqual(bar.top);

  // a refused save scrolls to the first problem and focuses it, above the bar
  await page.getByLabel("Project name").fill("Aurora Coffee 2");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByLabel("Project name").blur();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#color")).toBeFocused();
  const bar2 = await rect(page, "[data-save-bar]");
  expect((await rect(page, "#color-error")).bottom).toBeLessThanOrEqual(bar2.top);
  await page.screenshot({ path: "test-results/polish-settings-phone.png" });
});

test("a disabled save button says why", async ({ page }) => {
  await signUp(page, "polish-disabled");
  const url = await createProject(page);
  await page.goto(`${url}/settings`);
  const save = page.getByRole("button", { name: "Save changes" });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAttribute("title", /change a setting first/);
  await expect(page.locator("[data-save-bar]")).toContainText("No unsaved changes.");
});

test("copy in words: no raw error codes, game names instead of ids, players first on the overview", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("nobody@e2e.example");
  await page.getByLabel("Password").fill("wrong password here");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const alert = page.locator("[role=alert][data-code]");
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText("invalid_credentials");
  await expect(alert).toHaveAttribute("data-code", "invalid_credentials");

  await signUp(page, "polish-copy");
  const url = await createProject(page);
  await page.goto(`${url}/game`);
  await page.getByTestId("template-list").locator("li", { hasText: "Gem Match" }).getByRole("button", { name: "Select" }).click();
  await expect(page.getByTestId("template-list").locator("li", { hasText: "Gem Match" })).toContainText("Current game");
  await page.goto(url);
  const stats = page.locator("dl").first();
  // Players lead, each figure named by what it counts (i18n/figures.ts).
  await expect(stats.locator("dt").first()).toHaveText(/Players today/i);
  await expect(stats.locator("dt").nth(1)).toHaveText(/Players mid-game/i);
  await expect(page.getByTestId("overview-game")).toHaveText("Gem Match");
  await expect(page.locator("main")).not.toContainText(/\b[a-z0-9]+_v1\b/);
  await expect(page.locator("main")).not.toContainText(/allowed_origins|game_mode|free_play/);
});

test("account: sessions read as devices, and recovery codes are regenerated with a fresh code", async ({ page }) => {
  const account = await signUp(page, "polish-account");
  // the session list is read from the network the account signed up from (another host of its /48)
  await page.route("**/api/trpc/**", async (route) => {
    if (!route.request().url().includes("adminAuth.sessions")) return route.fallback();
    await route.continue({ headers: { ...route.request().headers(), "x-forwarded-for": account.address.replace(/::1$/, "::2") } });
  });
  await page.goto("/account");
  const current = page.getByTestId("session-list").locator("li", { hasText: "This device" });
  await expect(current.getByTestId("session-device")).toHaveText(/^Chrome on /);
  // The session was created by the sign-up, which came from the account's own address.
  await expect(current).toContainText("This network");
  // no address, not even the network's prefix (the spec returns no IP address)
  await expect(page.getByTestId("session-list")).not.toContainText(networkOfOwnAddress(account.address).replace("::/48", ""));
  await expect(current).toContainText("Active now");
  await expect(page.getByTestId("session-list")).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}/);

  await expect(page.getByTestId("recovery-remaining")).toHaveText("10 of 10 recovery codes left");
  await page.getByRole("button", { name: "Regenerate recovery codes" }).click();
  const show = page.getByRole("button", { name: "Show new codes" });
  await expect(show).toBeDisabled();
  await expect(page.getByText("Enter the 6-digit code to continue.")).toBeVisible();
  await page.getByLabel("Code from your authenticator app").fill("000000");
  await show.click();
  await expect(page.getByText("That code didn't work.")).toBeVisible();
  await page.getByLabel("Code from your authenticator app").fill(await nextCode(account.secret));
  await show.click();
  const codes = page.getByTestId("new-recovery-codes").locator("li");
  await expect(codes).toHaveCount(10);
  for (const c of await codes.allTextContents()) expect(c).toMatch(/^[0-9a-f]{5}-[0-9a-f]{5}-[0-9a-f]{5}-[0-9a-f]{5}$/);
  await page.screenshot({ path: "test-results/polish-account.png", fullPage: true });
});

test("account: resetting two-factor leads straight to setting up a new authenticator", async ({ page }) => {
  const account = await signUp(page, "polish-reset");
  await page.goto("/account");
  await page.getByRole("button", { name: "Reset two-factor" }).click();
  await page.getByLabel("Code from your authenticator app").fill(await nextCode(account.secret));
  await page.getByRole("button", { name: "Reset and set up again" }).click();
  await expect(page).toHaveURL(/\/2fa\/setup$/);
  await expect(page.getByTestId("totp-secret")).not.toHaveText(account.secret);
});

test("the recovery-code field shows the real format", async ({ browser }) => {
  const setup = await browser.newPage();
  const account = await signUp(setup, "polish-placeholder");
  await setup.close();
  const page = await browser.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/2fa/);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await expect(page.getByLabel("Recovery code")).toHaveAttribute("placeholder", "xxxxx-xxxxx-xxxxx-xxxxx");
  await page.close();
});

test("a session that ends under an edit: a warning first, then a sign-in in place that finishes the save, the edit kept", async ({ page }) => {
  await page.clock.install();
  const account = await signUp(page, "polish-session");
  const url = await createProject(page);
  await page.goto(`${url}/settings`);
  await expect(page.getByTestId("session-warning")).toHaveCount(0);
  // Five minutes before the hour is up the console says so.
  await page.clock.fastForward("56:00");
  await expect(page.getByTestId("session-warning")).toContainText(/Your session ends in [34] min/);

  await page.getByLabel("Project name").fill("Aurora Coffee Roasters");
  // The session is revoked meanwhile (as from another device): the save meets 401.
  const origin = new URL(url).origin;
  expect((await page.request.post("/v1/admin/auth/logout", { headers: { origin } })).status()).toBe(200);
  await page.getByRole("button", { name: "Save changes" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in again to continue" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel("Project name")).toHaveValue("Aurora Coffee Roasters");
  await dialog.getByLabel("Password").fill("wrong password, surely");
  await dialog.getByLabel("Code from your app").fill(await nextCode(account.secret));
  await dialog.getByRole("button", { name: "Sign in and continue" }).click();
  await expect(dialog.getByText("That password is not right.")).toBeVisible();
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Sign in and continue" }).click();
  await expect(dialog).toHaveCount(0);
  // The failed save ran again: the project has its new name, and the page never left.
  await expect(page.getByTestId("project-name")).toHaveText("Aurora Coffee Roasters");
  const projectId = url.split("/").pop()!;
  expect((await (await page.request.get(`/v1/admin/projects/${projectId}`)).json()).name).toBe("Aurora Coffee Roasters");
});

test("at 1280 px every section of a project is in view at once, grouped, with the current one marked", async ({ page }) => {
  await signUp(page, "polish-nav");
  const url = await createProject(page);
  await page.setViewportSize(DESKTOP);
  await page.goto(`${url}/claims`);
  const nav = page.getByTestId("project-sidebar");
  const links = nav.getByRole("link");
  await expect(links).toHaveCount(15);
  for (const link of await links.all()) await expect(link).toBeInViewport();
  for (const group of ["Play", "Rewards", "Players & data", "Setup"]) await expect(nav.getByText(group, { exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Claims" })).toHaveAttribute("aria-current", "page");
  await shots(page, "console-navigation");
});

test("tabs show that they scroll, and focus is visible and never under the sticky header", async ({ page }) => {
  await signUp(page, "polish-tabs");
  const url = await createProject(page);
  await page.setViewportSize(PHONE);
  await page.goto(url);
  const tabs = page.locator("[data-tabs-more-right], [data-tabs-more-left]").first();
  await expect(tabs).toHaveAttribute("data-tabs-more-right", "true");
  await expect(tabs).not.toHaveAttribute("data-tabs-more-left", "true");
  await page.getByRole("navigation", { name: "Sections" }).evaluate((nav) => nav.scrollTo({ left: nav.scrollWidth }));
  await expect(tabs).toHaveAttribute("data-tabs-more-left", "true");
  await expect(tabs).not.toHaveAttribute("data-tabs-more-right", "true");

  // keyboard focus on a tab draws a ring
  await page.getByRole("link", { name: "Settings", exact: true }).focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe("none");

  // a field focused from far down the page is scrolled clear of the sticky header
  await page.goto(`${url}/settings`);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByLabel("Project name").focus();
  const header = await rect(page, "header");
  expect((await rect(page, "#name")).top).toBeGreaterThanOrEqual(header.bottom);
});

test("the console honours the system's reduced-motion setting: no transition, no endless spinner", async ({ page }) => {
  await page.goto("/login");
  const button = page.getByRole("button", { name: "Sign in", exact: true });
  // a spinner as the console draws one while it loads (Spinner.tsx)
  await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", '<svg id="probe-spinner" class="size-4 animate-spin"></svg>'));
  const motion = () =>
    page.evaluate(() => {
      const spinner = getComputedStyle(document.getElementById("probe-spinner")!);
      const submit = document.querySelector<HTMLElement>('button[type="submit"]')!;
      return { transition: parseFloat(getComputedStyle(submit).transitionDuration), spins: spinner.animationIterationCount };
    });
  await expect(button).toBeVisible();
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect(await motion()).toEqual({ transition: expect.any(Number), spins: "infinite" });
  expect((await motion()).transition).toBeGreaterThan(0.05);
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await motion()).toEqual({ transition: expect.any(Number), spins: "1" });
  expect((await motion()).transition).toBeLessThan(0.001);
});
