import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { generate } from "otplib";
import { signUpFromOwnAddress } from "./helpers/address";

const step = () => Math.floor(Date.now() / 30_000);

/**
 * A TOTP code the server has not seen yet, without waiting: each step is usable once and the
 * server accepts ±1 step, so when `used` is the current step the code of the next one is valid now.
 */
async function freshCode(secret: string, used: number): Promise<{ code: string; at: number }> {
  const at = Math.max(step(), used + 1);
  if (at > step() + 1) throw new Error(`step ${at} is outside the server's ±1 window`);
  return { code: await generate({ secret, epoch: at * 30 }), at };
}

const SESSION_COOKIE = "legacy_admin_session";

/** The admin session cookie as the browser holds it (one per path: the REST admin API and /api/trpc). */
async function sessionCookies(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.name === SESSION_COOKIE && c.value !== "");
}

/** Full-page screenshot taken with a viewport as tall as the page, so sticky bars sit where users see them. */
async function shot(page: Page, name: string) {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await page.screenshot({ path: `test-results/console-${name}.png` });
  await page.setViewportSize(size);
}

test("a new admin signs up, enrolls 2FA, sets up a project and signs in again", async ({ page, context, baseURL }) => {
  test.setTimeout(150_000);
  const email = `admin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.example`;
  const password = "correct horse battery staple";
  let secret = "";
  let usedStep = 0;

  await test.step("sign up", async () => {
    await signUpFromOwnAddress(page);
    await page.goto("/");
    await page.getByRole("link", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByLabel("Work email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    // Sign-up goes through the console's tRPC endpoint, which sets the HttpOnly session cookie.
    const signupResponse = page.waitForResponse((r) => r.url().includes("/api/trpc/adminAuth.signup"));
    await page.getByRole("button", { name: "Create account" }).click();
    const res = await signupResponse;
    expect(res.status()).toBe(200);
    expect(await res.headerValue("set-cookie")).toContain(`${SESSION_COOKIE}=`);
    await expect(page).toHaveURL(/\/2fa\/setup$/);
    const cookies = await sessionCookies(context);
    expect(cookies.map((c) => c.path).sort()).toEqual(["/api/trpc", "/v1/admin"]);
    expect(cookies.every((c) => c.httpOnly && c.sameSite === "Strict")).toBe(true);
  });

  await test.step("enroll two-factor", async () => {
    const secretEl = page.getByTestId("totp-secret");
    await expect(secretEl).toHaveText(/^[A-Z2-7]{16,}=*$/);
    await expect(page.getByTestId("totp-qr")).toBeVisible();
    secret = (await secretEl.textContent())!.trim();
    await shot(page, "2fa-setup");
    usedStep = step();
    await page.getByLabel("Code from your app").fill(await generate({ secret }));
    await page.getByRole("button", { name: "Verify and enable" }).click();

    const codes = page.getByTestId("recovery-codes").locator("li");
    await expect(codes).toHaveCount(10);
    await shot(page, "recovery-codes");
    const continueButton = page.getByRole("button", { name: "Continue to the console" });
    await expect(continueButton).toBeDisabled();
    await page.getByLabel("I saved my recovery codes in a safe place.").check();
    await continueButton.click();
    await expect(page).toHaveURL(/\/projects$/);
  });

  let projectUrl = "";
  await test.step("create the first project", async () => {
    await expect(page.getByRole("heading", { name: "Create your first project" })).toBeVisible();
    await shot(page, "projects-empty");
    await page.getByLabel("Project name").fill("Acme Shop");
    await page.getByLabel("Allowed origins").fill("https://shop.example\nhttps://www.shop.example");
    await page.getByRole("button", { name: "Create project" }).click();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("project-name")).toHaveText("Acme Shop");
    await expect(page.getByTestId("config-revision")).toHaveText(/^#\d+$/);
    projectUrl = page.url();
    await shot(page, "project");
  });

  await test.step("change settings", async () => {
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByLabel("Primary colour").fill("#ffcc00");
    await expect(page.getByTestId("color-preview")).toContainText("#ffcc00");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("✓ Changes saved")).toBeVisible();
    await page.getByLabel("Reward webhook URL").fill("not a url");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Use an http(s) URL.")).toBeVisible();
    await page.getByLabel("Reward webhook URL").fill("");
    // The live widget preview (served by /v1/admin/widget-preview with the admin cookie) renders in its frame.
    const preview = page.frameLocator("[data-testid=widget-preview-frame]");
    await expect(preview.getByTestId("widget-preview")).toBeVisible();
    await shot(page, "settings");
  });

  await test.step("game settings show server errors", async () => {
    await page.getByRole("link", { name: "Game", exact: true }).click();
    await expect(page.getByTestId("template-list")).toBeVisible();
    await page.getByRole("switch", { name: "Daily wheel in the lobby" }).click();
    // the admin reads words; the machine code is kept out of the text, for support tools only
    await expect(page.locator("[role=alert][data-code=wheel_config_missing]")).toContainText("Wheel not published");
    await expect(page.locator("[role=alert][data-code=wheel_config_missing]")).not.toContainText("wheel_config_missing");
    // Selecting a game shows its published level track.
    await page.getByTestId("template-list").locator("li", { hasText: "Gem Match" }).getByRole("button", { name: "Select" }).click();
    await expect(page.getByTestId("level-goals")).toBeVisible();
    await expect(page.getByTestId("level-goals").locator("tbody tr")).toHaveCount(20);
    await shot(page, "game");
  });

  await test.step("edit the Daily Streak goals", async () => {
    // The legacy streak only runs in Rewards mode.
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    const rewards = page.getByRole("radio", { name: /^Rewards/ });
    await page.locator("label").filter({ has: rewards }).click();
    await expect(rewards).toBeChecked();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("✓ Changes saved")).toBeVisible();

    await page.getByRole("link", { name: "Game", exact: true }).click();
    await page.getByTestId("template-list").locator("li", { hasText: "Daily Streak" }).getByRole("button", { name: "Select" }).click();
    const card = page.getByTestId("streak-goals");
    await expect(card).toBeVisible();
    await expect(page.getByTestId("level-goals")).toHaveCount(0);
    await card.getByLabel("Your goals").fill("Spin the prize wheel on Fridays\n");
    await card.getByRole("button", { name: "Save goals" }).click();
    await expect(card.getByText("✓ Goals saved")).toBeVisible();
    const goals = page.getByTestId("legacy-goals").locator("li");
    await expect(goals).toHaveCount(2);
    await expect(goals.nth(0)).toContainText("Play on 3 days in a row");
    await expect(goals.nth(0)).toContainText("Always kept");
    await expect(goals.nth(1)).toHaveText(/Spin the prize wheel on Fridays/);
    await expect(card.getByLabel("Your goals")).toHaveValue("Spin the prize wheel on Fridays");
    await shot(page, "game-streak");
  });

  await test.step("create an API key and see its secret once", async () => {
    await page.getByRole("link", { name: "API keys", exact: true }).click();
    await expect(page.getByText("No API keys yet")).toBeVisible();
    await page.getByLabel("Key name").fill("Production backend");
    await page.getByText("Grant economy").click();
    await page.getByRole("button", { name: "Create key" }).click();
    const secretEl = page.getByTestId("api-key-secret");
    await expect(secretEl).toBeVisible();
    expect((await secretEl.textContent())!.length).toBeGreaterThan(20);
    await expect(page.getByTestId("api-key-list")).toContainText("Production backend");
    await shot(page, "keys");
    await page.getByRole("button", { name: "I stored it, done" }).click();
    await expect(secretEl).toHaveCount(0);
    await expect(page.getByTestId("api-key-list")).toContainText("economy:grant");
  });

  await test.step("copy the embed snippet", async () => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.getByRole("link", { name: "Embed", exact: true }).click();
    await expect(page.getByTestId("embed-snippet")).toContainText("/v1/widget.js");
    await page.getByTestId("copy-embed").click();
    await expect(page.getByTestId("copy-embed")).toHaveText(/Copied/);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("/v1/widget.js");
    expect(copied).toContain(projectUrl.split("/").pop()!);
    // The checklist speaks the console's words, and the server code carries this project's id.
    await expect(page.getByTestId("embed-checklist")).toContainText("Settings → Allowed origins");
    await expect(page.getByTestId("embed-checklist")).not.toContainText("allowed_origins");
    const projectId = projectUrl.split("/").pop()!;
    await expect(page.getByTestId("server-code-session")).toContainText(`projectId: "${projectId}"`);
    await expect(page.getByTestId("server-code-webhook")).toContainText("verifyWebhook");
    await page.getByRole("tab", { name: "PHP" }).click();
    await expect(page.getByTestId("server-code-session")).toContainText(`'project_id' => '${projectId}'`);
    await expect(page.getByTestId("server-code-webhook")).toContainText("function playloop_verify");
    await page.getByRole("tab", { name: "Python" }).click();
    await expect(page.getByTestId("server-code-webhook")).toContainText("def verify(raw_body, header, secrets");
    await shot(page, "embed");
  });

  await test.step("account page lists this session", async () => {
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: /Account & security/ }).click();
    await expect(page.getByTestId("account-email")).toHaveText(email);
    await expect(page.getByTestId("session-list")).toContainText("This device");
    await shot(page, "account");
  });

  await test.step("log out, log in again and answer the challenge", async () => {
    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionCookies(context)).toHaveLength(0);
    await page.goto("/projects");
    await expect(page).toHaveURL(/\/login\?next=%2Fprojects$/);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Couldn't sign you in" })).toBeVisible();
    await shot(page, "login-error");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/2fa\?next=/);
    expect((await sessionCookies(context)).map((c) => c.path).sort()).toEqual(["/api/trpc", "/v1/admin"]);
    await shot(page, "2fa-challenge");

    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("That code didn't work.")).toBeVisible();

    const { code } = await freshCode(secret, usedStep);
    await page.getByLabel("Authentication code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByTestId("project-list")).toContainText("Acme Shop");
    await shot(page, "projects");
  });

  await test.step("mobile layout", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(projectUrl);
    await expect(page.getByTestId("project-name")).toHaveText("Acme Shop");
    await shot(page, "mobile-project");
    await page.goto(`${projectUrl}/keys`);
    await expect(page.getByTestId("api-key-list")).toContainText("Production backend");
    await shot(page, "mobile-keys");
  });
});

test("console pages send signed-out visitors to sign in", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await expect(page.getByRole("heading", { name: "Sign in to Playloop" })).toBeVisible();
});
