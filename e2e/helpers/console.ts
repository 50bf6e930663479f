import { expect, type Page } from "@playwright/test";
import { generate } from "otplib";
import { signUpFromOwnAddress } from "./address";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A fresh admin through the console: sign up, enroll TOTP, keep the recovery codes; lands on /projects. */
export async function signUpWithTwoFactor(page: Page, prefix: string): Promise<{ email: string; password: string; secret: string }> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
  const password = "correct horse battery staple";
  await signUpFromOwnAddress(page);
  await page.goto("/signup");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/2fa\/setup$/);
  const secretEl = page.getByTestId("totp-secret");
  await expect(secretEl).toHaveText(/^[A-Z2-7]{16,}=*$/);
  const secret = (await secretEl.textContent())!.trim();
  await page.getByLabel("Code from your app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Verify and enable" }).click();
  await page.getByLabel("I saved my recovery codes in a safe place.").check();
  await page.getByRole("button", { name: "Continue to the console" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  return { email, password, secret };
}

/** Creates a project from the projects page; answers its id (the page is then on the project). */
export async function createProjectInConsole(page: Page, name: string, origin = "https://shop.example"): Promise<string> {
  await page.getByLabel("Project name").fill(name);
  await page.getByLabel("Allowed origins").fill(origin);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

/**
 * Full-page screenshots at desktop and phone width under test-results/, each with a viewport as tall
 * as the page so sticky bars sit where users see them, checking that nothing runs off the side.
 * Leaves the page at desktop size.
 */
export async function shots(page: Page, name: string): Promise<void> {
  for (const [label, size] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    await page.setViewportSize(size);
    // the page lays itself out again after the resize (charts follow their container a frame later)
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} at ${label} width` }).toBeLessThanOrEqual(size.width);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
    await page.screenshot({ path: `test-results/${name}-${label}.png` });
  }
  await page.setViewportSize(DESKTOP);
}
