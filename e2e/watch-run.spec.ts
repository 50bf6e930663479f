import { expect, test } from "@playwright/test";
import { createProjectInConsole, DESKTOP, shots, signUpWithTwoFactor } from "./helpers/console";
import { winLevelOne } from "./rewards-seed";

test("an admin watches a held claim's run to its winning move, steps back two moves, and releases it with a reason", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const playerId = `quick-${Math.random().toString(36).slice(2, 8)}`;
  let email = "";

  await test.step("a rewards project where a scripted win is held: the API plays level 1 faster than a person", async () => {
    ({ email } = await signUpWithTwoFactor(page, "watch"));
    const projectId = await createProjectInConsole(page, "Watch Shop");
    const write = { origin: baseURL! };
    expect((await page.request.patch(`/v1/admin/projects/${projectId}`, { headers: write, data: { play_mechanic: "match3_v1", game_mode: "rewards" } })).status()).toBe(200);
    // the pace rule holds any run whose median gap is under a minute, from its first command: the hold never depends on
    // how busy the machine is, nor on a lucky board the bot wins in fewer than the rule's default 4 commands (~5 % of seeds)
    expect((await page.request.put(`/v1/admin/projects/${projectId}/fraud-rules`, { headers: write, data: { rules: { command_pace: { median_gap_ms: 60_000, min_commands: 1 } } } })).status()).toBe(200);
    expect((await page.request.post(`/v1/admin/projects/${projectId}/campaigns`, { headers: write, data: { name: "Level-up coupon", trigger_type: "game_won", reward_type: "promo_code", reward_metadata: { discount_percent: 10 } } })).status()).toBe(200);
    const key = await page.request.post(`/v1/admin/projects/${projectId}/api-keys`, { headers: write, data: { name: "Shop backend", scopes: ["session:issue"] } });
    await winLevelOne(page.request, baseURL!, { projectId, apiKey: (await key.json()).secret, externalUserId: playerId });
  });

  await test.step("open the held claim and watch its run on the game's own board", async () => {
    await page.getByRole("link", { name: "Claims", exact: true }).click();
    const claim = page.getByRole("listitem", { name: `Claim by ${playerId}` });
    await expect(claim).toContainText("Held");
    await claim.getByRole("link", { name: `Watch the run of ${playerId}` }).click();
    await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: /Watch the run · Gem Match, level 1/ })).toBeVisible();
    // The board in the replay page is the play shell's renderer, showing the dealt board.
    const board = page.frameLocator("[data-testid=replay-frame]").getByTestId("board");
    await expect(board).toBeVisible();
    await expect(page.getByTestId("replay-status")).toContainText("The board as it was dealt");
    // The facts beside it: the replay check, the pace, the claim's risk.
    await expect(page.getByTestId("replay-facts")).toContainText("Replays to the stored board");
    await expect(page.getByTestId("replay-facts")).toContainText("between moves (median)");
    await expect(page.getByRole("list", { name: "Risk reasons" })).toContainText("Played faster than a person");
    // The three mis-taps are marked refused in the timeline.
    await expect(page.getByTestId("replay-moves").getByText("refused")).toHaveCount(3);
  });

  let total = 0;
  await test.step("jump to three moves before the end, play it to the winning move at 8×, then step back two moves", async () => {
    const moves = page.getByTestId("replay-moves").getByRole("listitem");
    total = await moves.count();
    expect(total).toBeGreaterThan(3);
    await moves.nth(total - 4).getByRole("button").click();
    await expect(page.getByTestId("replay-status")).toContainText(`Move ${total - 3} of ${total}`);
    await page.getByRole("group", { name: "Speed" }).getByRole("button", { name: "8×" }).click();
    await page.getByTestId("replay-play").click();
    await expect(page.getByTestId("replay-status")).toContainText(`Move ${total} of ${total}`, { timeout: 60_000 });
    await expect(page.getByTestId("replay-play")).toHaveText("▶ Play");
    await expect(moves.last().getByRole("button")).toHaveAttribute("aria-current", "step");
    await shots(page, "watch-run-won");
    await page.getByRole("button", { name: "Step back" }).click();
    await page.getByRole("button", { name: "Step back" }).click();
    await expect(page.getByTestId("replay-status")).toContainText(`Move ${total - 2} of ${total}`);
    await expect(moves.nth(total - 3).getByRole("button")).toHaveAttribute("aria-current", "step");
    // The board follows: the replay page shows the board after that many moves.
    await expect(page.locator("[data-testid=replay-frame]")).toBeVisible();
    await expect.poll(() => page.frameLocator("[data-testid=replay-frame]").locator("html").getAttribute("data-shown")).toBe(String(total - 2));
  });

  await test.step("release the claim with a reason: the decision shows who and why", async () => {
    await page.getByLabel(/Reason \(kept in the audit trail/).fill("Watched the run: moves a person could make");
    await page.getByRole("button", { name: "Release", exact: true }).click();
    const decisions = page.getByTestId("claim-decisions");
    await expect(decisions).toContainText(`Released by ${email}`);
    await expect(decisions).toContainText("“Watched the run: moves a person could make”");
    await expect(page.getByRole("button", { name: "Release", exact: true })).toHaveCount(0);
    await shots(page, "watch-run-released");
  });
});
