import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { shots, signUpWithTwoFactor } from "./helpers/console";

/**
 * Console sign-in through the company's OpenID Connect provider (the e2e server runs a fake one
 * whose page asks who signs in): an admin links their identity from Account & security, signs
 * out, signs in with the provider and is still asked for the authenticator code.
 */
async function atProvider(page: Page, sub: string, email: string) {
  await expect(page.getByRole("heading", { name: "Example SSO" })).toBeVisible();
  await page.getByLabel("User id").fill(sub);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("an admin links a provider identity, then signs in with it and still passes two-factor", async ({ page }) => {
  test.setTimeout(120_000);
  const { email, secret } = await signUpWithTwoFactor(page, "sso");
  const sub = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

  await test.step("link from Account & security", async () => {
    await page.goto("/account");
    const card = page.getByTestId("sso-card");
    await expect(card).toContainText("Sign in with Example SSO instead of your password");
    await card.getByRole("button", { name: "Link your Example SSO account" }).click();
    await atProvider(page, sub, email);
    await expect(page).toHaveURL(/\/account$/);
    await expect(card.getByRole("status")).toContainText("Linked. You can now sign in with Example SSO");
    await expect(page.getByTestId("sso-linked")).toHaveText(`Linked as ${email}`);
    await expect(card).toContainText("not used to sign in yet");
    await shots(page, "account-sso");
  });

  await test.step("sign out, sign in with the provider: the authenticator code is still asked for", async () => {
    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByTestId("sso-sign-in").click();
    await atProvider(page, sub, email);
    await expect(page).toHaveURL(/\/2fa$/);
    // the sign-up used this step's code; the server accepts the next step's now, once
    const code = await generate({ secret, epoch: (Math.floor(Date.now() / 30_000) + 1) * 30 });
    await page.getByLabel("Authentication code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await page.goto("/account");
    await expect(page.getByTestId("sso-card")).toContainText("last used");
  });
});

test("an identity nobody linked is turned back at the sign-in page", async ({ page }) => {
  await page.goto("/login");
  await page.getByTestId("sso-sign-in").click();
  await atProvider(page, `stranger-${Date.now()}`, "stranger@e2e.example");
  await expect(page).toHaveURL(/\/login\?sso=not_linked$/);
  await expect(page.getByRole("alert").filter({ hasText: "No Playloop account" })).toContainText("Sign in with your password, then link it under Account & security");
  await shots(page, "login-sso-not-linked");
});
