import { expect, test } from "@playwright/test";
import { createProjectInConsole, DESKTOP, shots, signUpWithTwoFactor } from "./helpers/console";
import { winLevelOne } from "./rewards-seed";

test("an admin finds a player who played, replays a run's moves, and erases the player behind a typed confirmation", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const playerId = `gamer-${Math.random().toString(36).slice(2, 8)}`;
  let projectId = "";

  await test.step("sign up, create a Gem Match project, and a player wins level 1 through the API", async () => {
    await signUpWithTwoFactor(page, "players");
    projectId = await createProjectInConsole(page, "Players Shop");
    const write = { origin: baseURL! };
    const patch = await page.request.patch(`/v1/admin/projects/${projectId}`, { headers: write, data: { play_mechanic: "match3_v1" } });
    expect(patch.status()).toBe(200);
    const key = await page.request.post(`/v1/admin/projects/${projectId}/api-keys`, { headers: write, data: { name: "Shop backend", scopes: ["session:issue"] } });
    expect(key.status()).toBe(200);
    await winLevelOne(page.request, baseURL!, { projectId, apiKey: (await key.json()).secret, externalUserId: playerId });
  });

  await test.step("find the player in the Players list, by a part of their id, and open them", async () => {
    await page.getByRole("link", { name: "Players", exact: true }).click();
    await expect(page).toHaveURL(/\/players$/);
    const row = page.getByTestId("player-row");
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId("players-total")).toHaveText("1 player");
    await expect(row.getByRole("cell")).toHaveText([new RegExp(`^${playerId}Signed in`), /\d/, /^\d+$/, "1", /./, "—"], { useInnerText: false });
    await page.getByTestId("players-search").fill(playerId.slice(3, 9).toUpperCase());
    await expect(page.getByTestId("players-total")).toHaveText("1 match");
    await page.getByTestId("players-search").fill("nobody-like-this");
    await expect(page.getByTestId("players-empty")).toContainText("No player who has played");
    await page.getByTestId("players-search").fill(playerId.slice(0, 5));
    await expect(row).toHaveCount(1);
    await shots(page, "console-players-list");
    await row.getByRole("link", { name: playerId }).click();
    await expect(page).toHaveURL(new RegExp(`/players/${playerId}$`));
    await expect(page.getByTestId("player-id")).toHaveText(playerId);
    await expect(page.getByTestId("player-progress")).toContainText("1 of");
    await expect(page.getByTestId("player-fraud")).toContainText("No manual status");
  });

  await test.step("open the run: its commands replay in order, the mis-taps refused, the last one wins", async () => {
    const run = page.getByTestId("run-row");
    await expect(run).toHaveCount(1);
    await expect(run).toContainText("won");
    await run.click();
    const timeline = page.getByTestId("run-commands").getByRole("listitem");
    await expect(timeline.first()).toContainText("#1");
    await expect(timeline.first()).toContainText("refused");
    await expect(timeline.last()).toContainText("won");
    await expect(page.getByTestId("player-sessions").getByRole("listitem")).toHaveCount(1);
    await shots(page, "console-players-player");
  });

  await test.step("erase: the button arms only when the id is typed exactly; afterwards nothing is found", async () => {
    const erase = page.getByTestId("erase-player");
    await expect(erase).toBeDisabled();
    await page.getByLabel(/to confirm/).fill(playerId.slice(0, -1));
    await expect(erase).toBeDisabled();
    await page.getByLabel(/to confirm/).fill(playerId);
    await expect(erase).toBeEnabled();
    await erase.click();
    await expect(page.getByText("Player data erased", { exact: true })).toBeVisible();
    await expect(page.getByTestId("erasure-summary")).toContainText(/\b1 game\b/);
    await expect(page.getByTestId("erasure-summary")).not.toContainText(/[a-z]+_[a-z_]+/); // no table names
    await expect(page.getByText("No player found")).toBeVisible();
    await expect(page.getByTestId("run-row")).toHaveCount(0);
    await shots(page, "console-players-erased");
    await page.reload();
    await expect(page.getByText("No player found")).toBeVisible();
    // …and the list no longer has them.
    await page.getByRole("link", { name: "Players", exact: true }).click();
    await expect(page.getByTestId("players-empty")).toContainText("No one has played yet");
  });
});
