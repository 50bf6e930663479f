import { randomUUID } from "node:crypto";
import { createProjectInConsole, DESKTOP, shots, signUpWithTwoFactor } from "./helpers/console";
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";


/** The admin API as a script would call it: the signed-in admin's token as a bearer, from the console's own origin. */
async function adminApi(page: Page, baseURL: string): Promise<APIRequestContext> {
  const token = (await page.context().cookies()).find((c) => c.name === "legacy_admin_session")?.value;
  if (!token) throw new Error("no admin session cookie");
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${decodeURIComponent(token)}`, origin: baseURL } });
}

/** Players spin the published daily wheel: a session from the shop's server key, then each player's free and paid spins. */
async function spinAsPlayers(api: APIRequestContext, baseURL: string, projectId: string, version: number, players: number): Promise<number> {
  const key = await api.post(`/v1/admin/projects/${projectId}/api-keys`, { data: { name: "Wheel e2e", scopes: ["session:issue"] } });
  expect(key.status(), await key.text()).toBe(200);
  const secret = (await key.json()).secret as string;
  let spins = 0;
  for (let p = 0; p < players; p++) {
    const session = await api.post("/v1/server/session-token", {
      headers: { authorization: `Bearer ${secret}` },
      data: { project_id: projectId, external_user_id: `spinner-${p}-${randomUUID().slice(0, 8)}` },
    });
    expect(session.status(), await session.text()).toBe(200);
    const player = { authorization: `Bearer ${(await session.json()).session_token}`, origin: baseURL };
    // One free spin and two paid with the two tickets a new player starts with (the default draft's 3 a day).
    for (let i = 0; i < 3; i++) {
      const spin = await api.post("/v1/wheel/spins", { headers: player, data: { spin_id: randomUUID(), wheel_id: "daily", wheel_version: version, source: "e2e" } });
      expect(spin.status(), await spin.text()).toBe(200);
      spins++;
    }
  }
  return spins;
}

test("an admin edits, simulates and publishes the daily wheel; an invalid draft saves nothing; a stale publish reloads the draft", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  let projectId = "";

  await test.step("sign up, enroll two-factor and create a project", async () => {
    await signUpWithTwoFactor(page, "wheel");
    projectId = await createProjectInConsole(page, "Acme Wheel");
  });

  // The open wheel's panel (the other wheel's, once opened, stays mounted but hidden).
  const panel = page.getByRole("tabpanel");
  const segment = (n: number) => panel.getByRole("group", { name: new RegExp(`^Segment ${n}(:|$)`) });
  const saveButton = panel.getByRole("button", { name: "Save draft" });
  const publishCard = panel.getByTestId("publish-card");

  await test.step("open the wheel: the default draft, never published", async () => {
    await page.getByRole("link", { name: "Wheel", exact: true }).click();
    await expect(page).toHaveURL(/\/wheel$/);
    await expect(page.getByRole("tab", { name: /^Daily wheel/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: /^Daily wheel/ })).toContainText("Not published");
    await expect(panel.getByText("Never published")).toBeVisible();
    await expect(segment(2).getByLabel("Label of segment 2")).toHaveValue("10 coins");
    // beside the preview the list is narrow: each label field still has room to read and type in
    for (let n = 1; n <= 6; n++) expect((await segment(n).getByLabel(`Label of segment ${n}`).boundingBox())!.width, `label ${n}`).toBeGreaterThan(160);
    await expect(segment(2).getByLabel("Award of segment 2")).toHaveValue("resource:coins");
    await expect(segment(2).getByLabel("Weight of segment 2")).toHaveValue("25");
    await expect(segment(2).getByTestId("segment-odds")).toContainText("25.0% chance");
    await expect(panel.getByTestId("wheel-preview")).toBeVisible();
    await expect(saveButton).toBeDisabled();
  });

  await test.step("edit a segment's label and weight, save, and find them after a reload", async () => {
    await segment(2).getByLabel("Label of segment 2").fill("Ten coins");
    await segment(2).getByLabel("Weight of segment 2").fill("35");
    await segment(2).getByRole("button", { name: "Icon of segment 2: Coin" }).click();
    await segment(2).getByRole("radio", { name: "Trophy" }).click();
    await expect(segment(2).getByRole("button", { name: "Icon of segment 2: Trophy" })).toBeVisible();
    // 35 of 110 weight: the chance follows as it is typed.
    await expect(segment(2).getByTestId("segment-odds")).toContainText("31.8% chance");
    await expect(panel.getByText("Unsaved changes")).toBeVisible();
    await expect(publishCard.getByText("Save your changes first: publishing takes the saved draft.")).toBeVisible();
    await expect(publishCard.getByRole("button", { name: /^Publish / })).toBeDisabled();
    await saveButton.click();
    await expect(panel.getByTestId("draft-status")).toHaveText("✓ Draft saved");
    await page.reload();
    await expect(segment(2).getByLabel("Label of segment 2")).toHaveValue("Ten coins");
    await expect(segment(2).getByLabel("Weight of segment 2")).toHaveValue("35");
    await expect(segment(2).getByRole("button", { name: "Icon of segment 2: Trophy" })).toBeVisible();
  });

  await test.step("simulate 10 000 spins: shares per segment, cost per spin and the budget forecast", async () => {
    const card = panel.getByTestId("simulation-card");
    await card.getByRole("button", { name: "Simulate 10 000 spins" }).click();
    const rows = card.getByTestId("sim-row");
    await expect(rows).toHaveCount(6);
    await expect(rows.nth(1)).toContainText("Ten coins");
    await expect(rows.nth(1).getByTestId("sim-share")).toHaveText(/^\d{1,2}\.\d%$/);
    // The simulated share of 10 000 draws lands within a few points of the expected 31.8%.
    const share = Number((await rows.nth(1).getByTestId("sim-share").textContent())!.replace("%", ""));
    expect(Math.abs(share - 31.8)).toBeLessThan(3);
    await expect(rows.nth(1)).toContainText("vs 31.8%");
    // (20×10 + 35×10 + 15×25 + 4×100 + 6×30) / 110 minor units ≈ 0.14 a spin.
    await expect(card.getByTestId("sim-expected-cost")).toHaveText("$0.14"); // the project's currency (US dollars by default)
    await expect(card.getByTestId("pacing-words")).toContainText("no spins in the last 7 days");
    await card.getByLabel("Spins a day for the forecast").fill("100");
    await card.getByRole("button", { name: "Simulate 10 000 spins" }).click();
    // 13.68 a day against a 1,000.00 total budget: 73 days.
    await expect(card.getByTestId("pacing-words")).toContainText("prizes would cost about $13.68 a day");
    await expect(card.getByTestId("pacing-days")).toContainText("about 2 months");
    await shots(page, "console-wheel-simulated");
  });

  let api: APIRequestContext | null = null;
  await test.step("publish: version 1 is the draft whose hash was shown", async () => {
    api = await adminApi(page, baseURL!);
    const shown = await publishCard.getByTestId("publish-hash").getAttribute("data-hash");
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    await expect(publishCard.getByTestId("publish-hash")).toHaveText(shown!.slice(0, 12));
    await publishCard.getByRole("button", { name: `Publish ${shown!.slice(0, 12)} as version 1` }).click();
    await expect(publishCard.getByText("✓ Published version 1")).toBeVisible();
    await expect(publishCard.getByTestId("published-version")).toContainText("Players spin version 1");
    await expect(page.getByRole("tab", { name: /^Daily wheel/ })).toContainText("Version 1 · up to date");
    await expect(panel.getByText("Same as version 1")).toBeVisible();
    await expect(publishCard.getByText("Version 1 is this draft; there is nothing new to publish.")).toBeVisible();
    const draft = await (await api.get(`/v1/admin/projects/${projectId}/wheels/daily/draft`)).json();
    expect(draft.published_version).toBe(1);
    expect(draft.published_draft_hash).toBe(shown);
  });

  await test.step("players spin: the stats count the spins and their prizes' cost", async () => {
    const spins = await spinAsPlayers(api!, baseURL!, projectId, 1, 2);
    const stats = panel.getByTestId("stats-card");
    await stats.getByRole("button", { name: "Refresh" }).click();
    await expect(stats.getByTestId("stats-figures")).toContainText(`All spins${spins}`);
    const landings = await stats.getByTestId("awards-table").locator("tbody tr td:nth-child(3)").allTextContents();
    expect(landings.reduce((n, t) => n + Number(t), 0)).toBe(spins);
    await expect(stats.getByTestId("budget-total")).toContainText("of $1,000.00 total budget");
    await shots(page, "console-wheel-published");
  });

  await test.step("an invalid draft shows the errors beside their fields and saves nothing", async () => {
    await segment(1).getByLabel("Weight of segment 1").fill("0");
    await panel.getByRole("textbox", { name: "Daily budget" }).fill("-5");
    await saveButton.click();
    await expect(panel.getByText("Nothing was saved")).toBeVisible();
    await expect(segment(1).getByRole("alert")).toHaveText("At least 1.");
    await expect(segment(1).getByLabel("Weight of segment 1")).toHaveAttribute("aria-invalid", "true");
    await expect(panel.locator("#wheel-daily-budget-daily-error")).toHaveText("Can't be negative.");
    await expect(segment(2).getByRole("alert")).toHaveCount(0);
    await expect(panel.getByText("Unsaved changes")).toBeVisible();
    await shots(page, "console-wheel-invalid");
    await page.reload();
    await expect(segment(1).getByLabel("Weight of segment 1")).toHaveValue("20");
    await expect(panel.getByRole("textbox", { name: "Daily budget" })).toHaveValue("50.00");
    await expect(panel.getByText("Same as version 1")).toBeVisible();
  });

  await test.step("after a segment is added and moved, the server's issue lands on that segment; Reset drops it", async () => {
    await panel.getByRole("button", { name: "+ Add segment" }).click();
    await expect(segment(7)).toBeVisible();
    await segment(7).getByRole("button", { name: "Move segment 7 up" }).click();
    // The new segment is 6th now, above "Try again"; its label is still empty.
    await expect(segment(6).getByLabel("Label of segment 6")).toHaveValue("");
    await expect(segment(7).getByLabel("Label of segment 7")).toHaveValue("Try again");
    await saveButton.click();
    await expect(segment(6).getByRole("alert")).toHaveText("Required.");
    await expect(segment(7).getByRole("alert")).toHaveCount(0);
    await panel.getByRole("button", { name: "Reset" }).click();
    await expect(segment(7)).toHaveCount(0);
    await expect(panel.getByText("Nothing was saved")).toHaveCount(0);
  });

  await test.step("the site wheel has its own draft, and unsaved edits of the daily one survive a visit; the time zone is checked where it is typed", async () => {
    await segment(1).getByLabel("Label of segment 1").fill("Lucky ticket");
    await page.getByRole("tab", { name: /^Site wheel/ }).click();
    await expect(page.getByRole("tab", { name: /^Site wheel/ })).toHaveAttribute("aria-selected", "true");
    await expect(panel.getByText("Never published")).toBeVisible();
    await expect(panel.getByLabel("Spins a day at most")).toHaveValue("1");
    await page.getByLabel("Time zone").fill("Mars/Olympus_Mons");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.locator("#wheel-timezone-error")).toHaveText("Not an IANA time zone name (e.g. Europe/Berlin)");
    await page.getByLabel("Time zone").fill("Europe/Berlin");
    await expect(page.getByText(/^It is .* there now\./)).toBeVisible();
    await page.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByText("✓ Time zone saved")).toBeVisible();
    await expect(panel.getByTestId("stats-card")).toContainText("in Europe/Berlin");
    await page.getByRole("tab", { name: /^Daily wheel/ }).click();
    await expect(segment(1).getByLabel("Label of segment 1")).toHaveValue("Lucky ticket");
    await expect(panel.getByText("Unsaved changes")).toBeVisible();
    await panel.getByRole("button", { name: "Reset" }).click();
    await expect(segment(1).getByLabel("Label of segment 1")).toHaveValue("1 ticket");
  });

  await test.step("a publish after someone else changed the draft is refused and the latest draft is loaded", async () => {
    await segment(2).getByLabel("Label of segment 2").fill("Ten shiny coins");
    await saveButton.click();
    await expect(panel.getByTestId("draft-status")).toHaveText("✓ Draft saved");
    const reviewed = await publishCard.getByTestId("publish-hash").getAttribute("data-hash");
    // Meanwhile a script changes the draft with the admin's token.
    const current = await (await api!.get(`/v1/admin/projects/${projectId}/wheels/daily/draft`)).json();
    expect(current.draft_hash).toBe(reviewed);
    const segments = current.draft.segments.map((s: { id: string; label: string }) => (s.id === "coins_10" ? { ...s, label: "Changed by a script" } : s));
    const put = await api!.put(`/v1/admin/projects/${projectId}/wheels/daily/draft`, { data: { ...current.draft, segments } });
    expect(put.status(), await put.text()).toBe(200);
    const latest = (await put.json()).draft_hash as string;

    await publishCard.getByRole("button", { name: `Publish ${reviewed!.slice(0, 12)} as version 2` }).click();
    await expect(publishCard.getByText("The draft changed before you published")).toBeVisible();
    await expect(segment(2).getByLabel("Label of segment 2")).toHaveValue("Changed by a script");
    await expect(publishCard.getByTestId("publish-hash")).toHaveAttribute("data-hash", latest);
    await expect(publishCard.getByTestId("published-version")).toContainText("Players spin version 1");
    await shots(page, "console-wheel-stale");
    await publishCard.getByRole("button", { name: `Publish ${latest.slice(0, 12)} as version 2` }).click();
    await expect(publishCard.getByText("✓ Published version 2")).toBeVisible();
    const after = await (await api!.get(`/v1/admin/projects/${projectId}/wheels/daily/draft`)).json();
    expect(after.published_version).toBe(2);
    expect(after.published_draft_hash).toBe(latest);
  });

  await test.step("in a project that counts in yen, the same amounts read and type as yen: no decimals, ¥ on every figure", async () => {
    await page.goto(`/projects/${projectId}/settings`);
    await page.getByLabel("Currency").selectOption("JPY");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(async () => (await (await api!.get(`/v1/admin/projects/${projectId}`)).json()).currency).toBe("JPY");
    await page.goto(`/projects/${projectId}/wheel`);
    // 5,000 minor units: $50.00 before, ¥5,000 now (the yen has no minor unit); nothing was converted.
    await expect(panel.getByRole("textbox", { name: "Daily budget" })).toHaveValue("5000");
    await expect(page.getByTestId("stats-card").getByTestId("budget-total")).toContainText("¥100,000 total budget");
    await panel.getByRole("textbox", { name: "Daily budget" }).fill("50.5");
    await saveButton.click();
    await expect(panel.locator("#wheel-daily-budget-daily-error")).toContainText("Enter an amount like 2500");
    await api!.dispose();
  });
});

test("an admin writes the wheel's rules per language; the console says which languages the wheel speaks", async ({ page, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  await signUpWithTwoFactor(page, "wheel-languages");
  const projectId = await createProjectInConsole(page, "Wheel in languages");
  await page.goto(`/projects/${projectId}/wheel`);
  const panel = page.getByRole("tabpanel");
  const languages = panel.getByTestId("rules-languages");
  // a new wheel starts with its rules in every language the shell speaks
  await expect(languages.getByTestId("rules-languages-summary")).toHaveText(/The wheel speaks English, Deutsch, 日本語/);
  await expect(languages.getByTestId("rules-languages-summary")).not.toContainText("until you write");
  const german = languages.locator("details", { hasText: "Rules in Deutsch" });
  await german.locator("summary").click();
  await german.getByLabel("Rules text (Deutsch)").fill("");
  await expect(languages.getByTestId("rules-languages-summary")).toContainText("Players who speak Deutsch see the wheel in English until you write the rules in their language.");
  await german.getByLabel("Rules text (Deutsch)").fill("Ein Gratis-Dreh pro Tag. Veranstalter: Wheel in languages.");
  await german.getByLabel("“Try again” in Deutsch").fill("Leider nicht");
  await panel.getByRole("button", { name: "Save draft" }).click();
  await expect(panel.getByTestId("draft-status")).toHaveText("✓ Draft saved");
  await shots(page, "console-wheel-rules-languages");
  const api = await adminApi(page, baseURL!);
  const draft = (await (await api.get(`/v1/admin/projects/${projectId}/wheels/daily/draft`)).json()).draft;
  expect(draft.rules.translations.de).toBe("Ein Gratis-Dreh pro Tag. Veranstalter: Wheel in languages.");
  expect(draft.segments.find((s: { id: string }) => s.id === "try_again").label_translations.de).toBe("Leider nicht");
});
