import { expect, test, type Frame, type Page } from "@playwright/test";
import { gotoDemo } from "./helpers/demo";
import { seenHowTo } from "./helpers/howto";

// the first-run "how to play" screen has its own spec (games-polish.spec.ts)
test.beforeEach(({ page }) => seenHowTo(page));

/**
 * The player's economy in the play shell: balances in the lobby, boosters under the board,
 * buy-on-second-tap, a shuffle and an aimed hammer that the server applies and the board shows.
 */
type TShell = { state: string; view: Record<string, unknown> | null; lastResponse: { accepted: boolean; animation_steps: { type: string; effect?: string }[] } | null };

async function shell(page: Page, game: string): Promise<Frame> {
  await gotoDemo(page, game);
  const handle = await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error("no iframe content");
  await frame.getByTestId("lobby").waitFor({ timeout: 20_000 });
  return frame;
}

const state = (frame: Frame) => frame.evaluate(() => (window as unknown as { __playloop: TShell }).__playloop);
const idle = (frame: Frame) =>
  frame.waitForFunction(() => (window as unknown as { __playloop?: { state: string } }).__playloop?.state === "playing", undefined, { timeout: 15_000 });

test("a player buys and plays a shuffle and an aimed hammer in a match3 run", async ({ page }) => {
  const frame = await shell(page, "match3_v1");
  await expect(frame.getByTestId("balance-tickets")).toHaveText("2");
  await expect(frame.getByTestId("balance-coins")).toHaveText("100");
  await page.screenshot({ path: "test-results/economy-lobby.png" });

  await frame.getByTestId("play-button").click();
  await frame.getByTestId("board").waitFor();
  await idle(frame);
  const shuffle = frame.getByTestId("booster-gem_shuffle");
  await expect(shuffle).toBeVisible();
  // the first tap only asks; nothing is bought yet
  await shuffle.click();
  await expect(shuffle).toHaveClass(/is-confirm/);
  const tray = frame.getByTestId("booster-tray");
  await expect(tray.getByTestId("balance-tickets")).toHaveText("2");
  const before = JSON.stringify((await state(frame)).view?.grid);
  await shuffle.click();
  await expect(tray.getByTestId("balance-tickets")).toHaveText("1");
  await expect.poll(async () => (await state(frame)).lastResponse?.animation_steps[0]).toEqual({ type: "booster", effect: "shuffle" });
  await idle(frame);
  expect(JSON.stringify((await state(frame)).view?.grid)).not.toBe(before);

  const hammer = frame.getByTestId("booster-gem_hammer");
  await hammer.click();
  await hammer.click();
  await expect(tray.getByTestId("balance-coins")).toHaveText("50");
  // bought: the board asks for a target; Escape would cancel and keep the hammer
  await expect(frame.getByTestId("aim-cancel")).toBeVisible();
  await page.screenshot({ path: "test-results/economy-aiming.png" });
  const score = Number((await state(frame)).view?.score ?? 0);
  await frame.locator('[data-testid=board] [data-row="3"][data-col="3"]').click();
  await expect.poll(async () => (await state(frame)).lastResponse?.animation_steps[0]).toMatchObject({ type: "booster", effect: "hammer" });
  await idle(frame);
  expect(Number((await state(frame)).view?.score)).toBeGreaterThan(score);
  await expect(frame.getByTestId("aim-cancel")).toBeHidden();
  // both boosters were played: none left to use, prices shown again
  await expect(hammer).not.toContainText("×");
  await page.screenshot({ path: "test-results/economy-after-hammer.png" });
});

test("a cancelled aim keeps the bought hammer for later", async ({ page }) => {
  const frame = await shell(page, "match3_v1");
  await frame.getByTestId("play-button").click();
  await frame.getByTestId("board").waitFor();
  await idle(frame);
  const hammer = frame.getByTestId("booster-gem_hammer");
  await hammer.click();
  await hammer.click();
  await frame.getByTestId("aim-cancel").click();
  await expect(hammer).toContainText("×1");
  // back in the lobby and into the run again: the hammer is still owned (the server keeps it)
  await frame.getByTestId("back-button").click();
  await frame.getByTestId("play-button").click();
  await idle(frame);
  await expect(frame.getByTestId("booster-gem_hammer")).toContainText("×1");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 760 }, hasTouch: true, isMobile: true });

  test("a peek turns every face-down card up for a moment, then back", async ({ page }) => {
    const frame = await shell(page, "memory_v1");
    await frame.getByTestId("play-button").click();
    await frame.getByTestId("board").waitFor();
    await idle(frame);
    const peek = frame.getByTestId("booster-pairs_peek");
    await peek.tap();
    await peek.tap();
    const cards = await frame.locator(".mem-card").count();
    await expect(frame.locator(".mem-card.is-up")).toHaveCount(cards);
    await page.screenshot({ path: "test-results/economy-peek-phone.png" });
    await expect(frame.locator(".mem-card.is-up")).toHaveCount(0);
    // the faces left the page again with the cards
    await expect(frame.locator(".mem-card .mem-face")).toHaveCount(0);
    await expect(frame.getByTestId("booster-tray").getByTestId("balance-tickets")).toHaveText("1");
  });
});
