import { expect, test } from "@playwright/test";
import { createProjectInConsole, DESKTOP, shots, signUpWithTwoFactor } from "./helpers/console";
import { FIGURES } from "@/i18n/figures";
import { winLevelOne } from "./rewards-seed";
import { cohortCostInWords } from "@/app/(console)/projects/[projectId]/insights/cohort-costs";

/**
 * An admin opens Insights before and after players have played: empty states first, then cards
 * and charts whose numbers are the ones the analytics API answers for the same project.
 */
test("Insights shows what the analytics API says, with empty states before any play", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signUpWithTwoFactor(page, "insights");
  const projectId = await createProjectInConsole(page, "Insights Shop");
  const api = async (path: string) => {
    const res = await page.request.get(`/v1/admin/projects/${projectId}/${path}`);
    expect(res.status(), path).toBe(200);
    return res.json();
  };

  await test.step("a project nobody has played shows empty states", async () => {
    await page.getByRole("link", { name: "Insights", exact: true }).click();
    await expect(page).toHaveURL(/\/insights$/);
    await expect(page.getByTestId("kpi-dau")).toHaveText("0");
    await expect(page.getByTestId("series-empty")).toBeVisible();
    await expect(page.getByTestId("funnel-empty")).toBeVisible();
    await expect(page.getByTestId("ab-empty")).toBeVisible();
    await expect(page.getByTestId("leaderboard-empty")).toContainText("choose a game");
    await expect(page.getByTestId("series-delta")).toHaveText("no earlier data");
    await shots(page, "console-insights-empty");
  });

  const verified = `shopper-${Math.random().toString(36).slice(2, 8)}`;
  let apiKey = "";
  await test.step("players win Gem Match level 1", async () => {
    await page.getByRole("link", { name: "Game", exact: true }).click();
    const gem = page.getByTestId("template-list").locator("li", { hasText: "Gem Match" });
    await gem.getByRole("button", { name: "Select" }).click();
    await expect(gem.getByText("Current game")).toBeVisible();
    await page.getByRole("link", { name: "API keys", exact: true }).click();
    await page.getByLabel("Key name").fill("Shop backend");
    await page.getByRole("button", { name: "Create key" }).click();
    apiKey = (await page.getByTestId("api-key-secret").textContent())!.trim();
    await winLevelOne(page.request, baseURL!, { projectId, apiKey, externalUserId: verified });
    await winLevelOne(page.request, baseURL!, { projectId, apiKey, externalUserId: `${verified}-2` });
  });

  await test.step("the cards and charts show the API's numbers", async () => {
    await page.getByRole("link", { name: "Insights", exact: true }).click();
    const o = await api("analytics/overview");
    expect(o.dau).toBe(2);
    await expect(page.getByTestId("kpi-dau")).toHaveText(String(o.dau));
    await expect(page.getByTestId("kpi-wau")).toHaveText(String(o.wau));
    await expect(page.getByTestId("kpi-plays")).toHaveText(String(o.sessions));
    await expect(page.getByTestId("kpi-d1")).toHaveText(o.d1_return.rate === null ? "—" : `${(o.d1_return.rate * 100).toFixed(1)}%`);
    await expect(page.getByTestId("kpi-avg-session")).not.toHaveText("—");
    const s7 = await api("analytics/session-series?days=7");
    await expect(page.getByTestId("series-total")).toHaveText(`${s7.total.toLocaleString("en-US")} session${s7.total === 1 ? "" : "s"} in 7 days`);
    await expect(page.getByTestId("series-chart")).toBeVisible();
    await page.getByRole("button", { name: "30 d" }).click();
    const s30 = await api("analytics/session-series?days=30");
    await expect(page.getByTestId("series-total")).toHaveText(`${s30.total.toLocaleString("en-US")} session${s30.total === 1 ? "" : "s"} in 30 days`);
    const c = await api("analytics/case");
    await expect(page.getByTestId("case-summary")).toHaveText(c.summary);
    const lb = await api("leaderboard");
    const board = page.getByTestId("leaderboard");
    await expect(board.locator("tbody tr")).toHaveCount(lb.overall.length);
    await expect(board.locator("tbody tr").first()).toContainText(lb.overall[0].player);
    await expect(board).toContainText("verified");
    await shots(page, "console-insights");
  });

  await test.step("the Overview and Insights agree: the same players today, and the mid-game count labelled as what it counts", async () => {
    const o = await api("analytics/overview");
    const project = await (await page.request.get(`/v1/admin/projects/${projectId}`)).json();
    await page.getByRole("link", { name: "Overview", exact: true }).click();
    await expect(page.getByTestId("players-today")).toHaveText(String(o.dau));
    await expect(page.getByTestId("active-players")).toHaveText(String(project.play_settings.active_players_24h));
    // Both finished their games: no one is mid-game, and the page says that is what it counts.
    expect(project.play_settings.active_players_24h).toBe(0);
    await expect(page.getByText(FIGURES.active_players_24h.hint)).toBeVisible();
    await page.getByRole("link", { name: "Insights", exact: true }).click();
    await expect(page.getByTestId("kpi-dau")).toHaveText(String(o.dau));
    await expect(page.getByText(`${FIGURES.dau.label} (DAU)`)).toBeVisible();
  });

  await test.step("the experiment card says what retention costs, in the API's figures and in words", async () => {
    // a player sees the widget (an exposure of cohort "all") and buys a booster
    const token = (await (await page.request.post("/v1/server/session-token", { headers: { authorization: `Bearer ${apiKey}` }, data: { project_id: projectId, external_user_id: `${verified}-3` } })).json()).session_token as string;
    expect((await page.request.get(`/v1/widget/exposure?project_id=${projectId}&session_token=${token}`)).status()).toBe(200);
    const spent = await page.request.post("/v1/economy/spend", { headers: { authorization: `Bearer ${token}`, origin: baseURL! }, data: { booster_id: "gem_hammer", idempotency_key: crypto.randomUUID() } });
    expect(spent.status()).toBe(200);
    const ab = await api("analytics/ab");
    const all = ab.cohorts.find((c: { cohort: string }) => c.cohort === "all");
    expect(all).toMatchObject({ boosters_granted: 1, cost_minor: 0, cost_per_retained_player_minor: null });
    await page.reload();
    await expect(page.getByTestId("ab-costs-words-all")).toHaveText(cohortCostInWords(all, ab.currency));
    await expect(page.getByTestId("ab-costs-words-all")).toContainText("1 booster given");
    await expect(page.getByTestId("ab-cost-per-retained-all")).toContainText("—");
    await page.getByTestId("ab-costs-all").scrollIntoViewIfNeeded();
    await shots(page, "console-insights-cohort-costs");
  });

  await test.step("restarting the experiment asks first, then shows the new key", async () => {
    const before = (await api("analytics/ab")).experiment_key as string;
    await expect(page.getByTestId("ab-key")).toHaveText(before.slice(0, 8));
    await page.getByTestId("ab-restart").click();
    await page.getByRole("button", { name: "Yes, restart" }).click();
    await expect(page.getByText("Experiment restarted")).toBeVisible();
    const after = (await api("analytics/ab")).experiment_key as string;
    expect(after).not.toBe(before);
    await expect(page.getByTestId("ab-key")).toHaveText(after.slice(0, 8));
  });
});
