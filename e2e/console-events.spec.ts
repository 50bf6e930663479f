import { readFile } from "node:fs/promises";
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import { createProjectInConsole, DESKTOP, PHONE, shots, signUpWithTwoFactor } from "./helpers/console";
import { winLevelOne } from "./rewards-seed";

/** The admin API as a script would call it: the signed-in admin's token as a bearer, from the console's own origin. */
async function adminApi(page: Page, baseURL: string): Promise<APIRequestContext> {
  const token = (await page.context().cookies()).find((c) => c.name === "legacy_admin_session")?.value;
  if (!token) throw new Error("no admin session cookie");
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${decodeURIComponent(token)}`, origin: baseURL } });
}

async function ok(res: Promise<import("@playwright/test").APIResponse>) {
  const r = await res;
  expect(r.status(), await r.text()).toBe(200);
  return r.json();
}

test("an admin reads, filters, scrolls and exports the event log, finds a player and a campaign from the header, and sees a notification", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  const tag = Math.random().toString(36).slice(2, 7);
  const buyer = `buyer-${tag}`;
  const watched = `watched-${tag}`;
  let projectId = "";

  await test.step("a project with players, business events and a claim waiting for review", async () => {
    await signUpWithTwoFactor(page, "events");
    projectId = await createProjectInConsole(page, "Events Shop");
    const api = await adminApi(page, baseURL!);
    await ok(api.patch(`/v1/admin/projects/${projectId}`, { data: { play_mechanic: "match3_v1", game_mode: "rewards" } }));
    const { secret } = await ok(api.post(`/v1/admin/projects/${projectId}/api-keys`, { data: { name: "Events e2e", scopes: ["session:issue", "events:write"] } }));
    await ok(api.post(`/v1/admin/projects/${projectId}/campaigns`, { data: { name: `Spring coupon ${tag}`, trigger_type: "game_won", reward_type: "promo_code", reward_metadata: { discount_percent: 10 } } }));
    const server = { authorization: `Bearer ${secret}` };
    for (let i = 0; i < 60; i++) {
      await ok(api.post("/v1/server/business-events", { headers: { ...server, "idempotency-key": `click-${tag}-${i}` }, data: { project_id: projectId, external_user_id: buyer, type: "product_click", payload: { sku: `SKU-${i}` } } }));
    }
    for (let i = 0; i < 8; i++) {
      await ok(api.post("/v1/server/business-events", { headers: { ...server, "idempotency-key": `buy-${tag}-${i}` }, data: { project_id: projectId, external_user_id: buyer, type: "purchase", payload: { amount: 10 + i, note: i === 0 ? "=SUM(A1:A9)" : "ok" } } }));
    }
    // A watched player's win waits for the admin's review: the bell's notification.
    await ok(api.put(`/v1/admin/projects/${projectId}/players/${watched}/fraud`, { data: { state: "watch", reason: "e2e" } }));
    await winLevelOne(page.request, baseURL!, { projectId, apiKey: secret, externalUserId: watched });
    await api.dispose();
  });

  await test.step("the Events tab shows the newest events and loads more on scroll", async () => {
    await page.goto(`/projects/${projectId}`);
    await page.getByRole("link", { name: "Events", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/events$`));
    const rows = page.getByTestId("event-row");
    await expect(rows).toHaveCount(50);
    await page.getByTestId("event-list").locator("li").last().scrollIntoViewIfNeeded();
    await expect(page.getByTestId("event-log-end")).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(68);
  });

  await test.step("filters by type and opens a payload", async () => {
    await page.getByTestId("filter-type").fill("purchase");
    await page.getByTestId("apply-filters").click();
    const rows = page.getByTestId("event-row");
    await expect(rows).toHaveCount(8);
    await expect(page.getByTestId("event-type").filter({ hasNotText: "purchase" })).toHaveCount(0);
    await rows.last().getByRole("button", { name: /Show payload/ }).click();
    await expect(rows.last().getByTestId("event-payload")).toContainText('"note": "=SUM(A1:A9)"');
    await shots(page, "console-events");
  });

  await test.step("exports the filtered log as CSV with progress", async () => {
    const download = page.waitForEvent("download");
    await page.getByTestId("export-csv").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^events-events-shop-${projectId.slice(0, 8)}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    await expect(page.getByTestId("export-progress")).toContainText("8 rows");
    const csv = await readFile((await file.path())!, "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,created_at,type,source,external_user_id,session_id,run_id,payload");
    expect(lines).toHaveLength(9);
    expect(lines.every((l, i) => i === 0 || l.includes(",purchase,business,"))).toBe(true);
  });

  await test.step("the header search finds a player and a campaign and opens them", async () => {
    const search = page.getByTestId("global-search");
    await search.fill(buyer);
    await expect(page.getByTestId("search-result").first()).toContainText(buyer);
    await shots(page, "console-events-search");
    await search.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/players/${buyer}$`));
    await page.goto(`/projects/${projectId}/events`);
    await page.getByTestId("global-search").fill(`spring coupon ${tag}`);
    await page.getByTestId("search-result").filter({ hasText: `Spring coupon ${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/campaigns$`));
    // On a phone the search folds into an icon that opens the field over the header.
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId("global-search")).toBeHidden();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByTestId("global-search").fill(buyer);
    await expect(page.getByTestId("search-result").first()).toContainText(buyer);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: "test-results/console-events-search-open-phone.png" });
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("global-search")).toBeHidden();
    await page.setViewportSize(DESKTOP);
  });

  await test.step("the bell counts the claim waiting for review and links to it", async () => {
    await expect(page.getByTestId("notifications-count")).toHaveText(/^[1-9]$/);
    await page.getByTestId("notifications-bell").click();
    const item = page.getByTestId("notifications-list").getByRole("link", { name: /Claims wait for your review/ });
    await expect(item).toContainText("Events Shop: 1 reward claim need");
    await shots(page, "console-events-bell");
    await page.setViewportSize(PHONE);
    await page.getByTestId("notifications-bell").click();
    await page.getByTestId("notifications-bell").click();
    await page.getByTestId("notifications-list").getByRole("link", { name: /Claims wait for your review/ }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/claims$`));
  });
});
