import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signUpWithTwoFactor, createProjectInConsole, DESKTOP } from "./helpers/console";
import { seenHowTo } from "./helpers/howto";
import { playToWin } from "./helpers/play-to-win";

/**
 * docs/quickstart.md, as a newcomer walks it: Playloop started the way `npm start` starts it with
 * nothing set (local mode, the embedded PostgreSQL), the sample shop beside it, the console steps
 * in the browser, then a win as a signed-in shopper on the shop's page — until the shop shows the
 * verified reward. It records the machine's time for the whole walk.
 */
const PORT = 3300;
const SHOP = "http://localhost:4242";
const CONSOLE = `http://localhost:${PORT}`;
const children: ChildProcess[] = [];
const SETTINGS = "examples/shop/.settings.json";

/** A child process started as a person starts it, resolved once its output says `ready`. */
function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${out.slice(-3000)}`)), 240_000);
    const read = (d: Buffer) => {
      out += d.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`exited ${code}:\n${out.slice(-3000)}`)));
  });
}

/** The operator's environment of a newcomer: none of what a deployment sets. */
function newcomerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NEXT_TELEMETRY_DISABLED: "1", ...extra } as unknown as NodeJS.ProcessEnv;
}

test.use({ baseURL: CONSOLE });
test.beforeEach(({ page }) => seenHowTo(page));
test.afterAll(() => {
  for (const c of children) c.kill("SIGINT");
  rmSync(SETTINGS, { force: true });
});

test("quickstart: from npm start to a verified reward at the sample shop", async ({ page }) => {
  test.setTimeout(600_000);
  const started = Date.now();
  const mark = (what: string) => console.log(`quickstart: ${what} at ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await page.setViewportSize(DESKTOP);

  await test.step("npm start in local mode, and the sample shop", async () => {
    rmSync(SETTINGS, { force: true });
    await startProcess(["--import", "tsx", "scripts/start.ts"], newcomerEnv({ PORT: String(PORT), WORKER_PORT: String(PORT + 1), EMBEDDED_PG_DIR: "data/quickstart-postgres", EMBEDDED_PG_PORT: "54379" }), /\[playloop\] ready:/);
    await startProcess(["examples/shop/server.mjs"], newcomerEnv({ PLAYLOOP_URL: CONSOLE }), /the sample shop is at/);
    const status = await (await page.request.get(`${CONSOLE}/v1/status`)).json();
    expect(status.mode).toBe("local");
    mark("both running");
  });

  await test.step("the console: sign up, a project for the shop, Gem Match in rewards mode, a campaign", async () => {
    await signUpWithTwoFactor(page, "quickstart");
    await createProjectInConsole(page, "My shop", SHOP);
    await page.getByRole("link", { name: "Game", exact: true }).click();
    const gem = page.getByTestId("template-list").locator("li", { hasText: "Gem Match" });
    await gem.getByRole("button", { name: "Select" }).click();
    await expect(gem.getByText("Current game")).toBeVisible();
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.locator("label").filter({ has: page.getByRole("radio", { name: /^Rewards/ }) }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("✓ Changes saved")).toBeVisible();
    await page.getByRole("link", { name: "Campaigns", exact: true }).click();
    await page.getByRole("link", { name: "New campaign" }).click();
    await page.getByLabel("Campaign name").fill("Win a coupon");
    await page.getByRole("button", { name: "Create campaign" }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    mark("project and campaign");
  });

  let projectId = "";
  let secret = "";
  let apiKey = "";
  await test.step("the webhook goes to the shop (local mode allows it); the secret and an API key", async () => {
    projectId = page.url().split("/projects/")[1]!.split("/")[0]!;
    await page.getByRole("link", { name: "Webhooks", exact: true }).click();
    await expect(page.getByTestId("delivery-targets")).toContainText("Local mode: deliveries to this machine are allowed");
    await page.getByRole("button", { name: "Use the sample shop's URL" }).click();
    await expect(page.getByLabel("Project webhook URL")).toHaveValue(`${SHOP}/webhooks/playloop`);
    await page.getByRole("button", { name: "Reveal secret" }).click();
    secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
    await page.screenshot({ path: "test-results/quickstart-webhooks.png" });
    await page.getByRole("link", { name: "API keys", exact: true }).click();
    await page.getByLabel("Key name").fill("Shop server");
    await page.getByRole("button", { name: "Create key" }).click();
    apiKey = (await page.getByTestId("api-key-secret").textContent())!.trim();
    mark("webhook, secret and key");
  });

  await test.step("the shop's setup page connects it", async () => {
    await page.goto(`${SHOP}/setup`);
    await page.getByLabel("Project id").fill(projectId);
    await page.getByLabel("API key (scope session:issue)").fill(apiKey);
    await page.getByLabel("Webhook secret").fill(secret);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(`${SHOP}/`);
  });

  await test.step("a signed-in shopper wins a level, and the shop shows the verified reward", async () => {
    await page.getByLabel("Your name").fill("ada");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByTestId("shopper")).toHaveText("ada");
    await page.getByRole("button", { name: "Open games" }).click();
    const frame = await (await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 30_000 })).contentFrame();
    if (!frame) throw new Error("no shell frame");
    await frame.getByTestId("play-button").click();
    await frame.getByTestId("board").waitFor();
    await playToWin(frame);
    await expect(frame.getByTestId("result-reward")).toHaveText(/Your reward (is on its way|has been sent)\./);
    await page.getByRole("button", { name: "Close games" }).first().click();
    await expect(page.getByTestId("rewards").locator("li")).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByTestId("rewards")).toContainText("discount code");
    await page.screenshot({ path: "test-results/quickstart-shop-reward.png" });
    mark("reward shown at the shop");
  });

  await test.step("the console's receiver check finds the shop's receiver sound", async () => {
    await page.goto(`/projects/${projectId}/webhooks`);
    await page.getByRole("button", { name: "Run the check" }).click();
    await expect(page.getByTestId("receiver-report")).toContainText("Your receiver does everything a reward needs");
    await expect(page.getByTestId("check-idempotent_redelivery")).toContainText("Pass");
    // The shop granted nothing for the check's test deliveries: still the one reward.
    await page.goto(`${SHOP}/`);
    await expect(page.getByTestId("rewards").locator("li")).toHaveCount(1);
    mark("receiver check passed");
  });
});
