import { expect, test } from "@playwright/test";

/** The public face: a real landing page, a branded 404, a favicon, and docs that lead back and match the service. */
test("/ is a landing page: what Playloop does, a screenshot of the play shell, sign in and sign up", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mini-games that bring your customers back");
  await expect(page.getByRole("heading", { name: "What Playloop does" })).toBeVisible();
  const shot = page.getByRole("img", { name: /play shell on a phone/ });
  await expect(shot).toBeVisible();
  expect(await shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // no links to raw JSON
  expect(await page.locator("a[href^='/v1/health'], a[href$='.json']").count()).toBe(0);
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.goto("/");
  await page.getByRole("link", { name: "Sign in" }).first().click();
  await expect(page).toHaveURL(/\/login$/);
});

test("an unknown page answers a branded 404 with a way back", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that page");
  await expect(page.getByRole("link", { name: "Playloop" }).first()).toHaveAttribute("href", "/");
  await page.getByRole("link", { name: "Go to your projects" }).click();
  await expect(page).toHaveURL(/\/(projects|login)/);
});

test("the favicon is served and linked", async ({ page, request }) => {
  await page.goto("/");
  const href = await page.locator("link[rel=icon]").first().getAttribute("href");
  expect(href).toMatch(/icon/);
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("image/svg+xml");
});

test("the footer's service status is a page for people, with the JSON one link away", async ({ page, request }) => {
  const status = await (await request.get("/v1/status")).json();
  await page.goto("/");
  await page.getByRole("link", { name: "Service status" }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole("heading", { name: "Service status", level: 1 })).toBeVisible();
  await expect(page.getByTestId("status-overall")).toContainText(`Version ${status.version}`);
  await expect(page.getByTestId("status-jobs").locator("li")).toHaveCount(status.metrics.jobs.length);
  await expect(page.getByTestId("status-jobs")).toContainText("Worker heartbeat");
  await expect(page.getByRole("link", { name: "/v1/status" })).toHaveAttribute("href", "/v1/status");
});

test("the demo page links its icon and asks for nothing that is not there", async ({ page }) => {
  const missing: string[] = [];
  page.on("response", (r) => {
    if (r.status() === 404) missing.push(r.url());
  });
  // What the page and the shell ask for, to the last of it: the lobby on screen and the game's chunk
  // fetched ahead (waiting for "network idle" instead timed out once on a loaded CI machine).
  const chunk = page.waitForResponse((r) => /\/games\/[a-z0-9_]+\.js$/.test(new URL(r.url()).pathname));
  await page.goto("/demo");
  await expect(page.locator("link[rel=icon]")).toHaveAttribute("href", "/icon.svg");
  await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 });
  await expect(page.frameLocator("iframe[src*='/v1/play']").getByTestId("lobby")).toBeVisible({ timeout: 20_000 });
  await chunk;
  expect(missing).toEqual([]);
});

test("the docs lead back to the console, show realistic examples and the service's version", async ({ page, request }) => {
  const status = await (await request.get("/v1/status")).json();
  const doc = await (await request.get("/docs/openapi.json")).json();
  expect(doc.info.version).toBe(status.version);
  const text = JSON.stringify(doc);
  expect(text).toContain('"example":"maria@aurora-coffee.example"');
  expect(text).toContain('"example":"match3_v1"');
  await page.goto("/docs");
  // Swagger UI renders the whole document (113 operations, every response) before its title: on a
  // loaded 2-vCPU CI machine, with the other browser tests running beside it, that took over 10 s.
  await expect(page.locator(".swagger-ui .info .title")).toContainText(status.version, { timeout: 30_000 });
  await page.getByRole("link", { name: "Back to the console" }).click();
  await expect(page).toHaveURL(/\/(projects|login)/);
});
