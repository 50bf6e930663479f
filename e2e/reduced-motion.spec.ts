// Reduced motion in the play shell (client/shared/motion.ts): a player whose system asks for it
// gets every animation instant and still plays every game — by touch and by keyboard — and never
// gets less time to look at what a move shows.
import { expect, test } from "@playwright/test";
import { DESKTOP } from "./helpers/console";
import { dragTile, keyFor, openLevel, sequence, settled, useHarnessServer, walkCursor, type Cell, type THarnessWindow } from "./helpers/harness";
import { seenHowTo } from "./helpers/howto";

test.beforeEach(({ page }) => seenHowTo(page));
test.use({ baseURL: undefined, viewport: DESKTOP });
test.describe.configure({ mode: "serial" });

useHarnessServer();

test("reduced motion still plays", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const frame = await openLevel(page, "match3_v1");
  const cmd = await frame.evaluate(() => (window as unknown as THarnessWindow).__harness.suggest());
  const before = await sequence(frame);
  const movesLeft = () => frame.evaluate(() => (window as unknown as THarnessWindow).__playloop.view?.moves_left as number);
  const budget = await movesLeft();
  await dragTile(page, frame, cmd!.payload.from as Cell, cmd!.payload.to as Cell);
  await settled(frame, before);
  expect(await movesLeft()).toBe(budget - 1);
  // and with the keyboard
  const next = (await frame.evaluate(() => (window as unknown as THarnessWindow).__harness.suggest()))!.payload as { from: Cell; to: Cell };
  // the drag focused the board without showing the cursor; the first key shows it
  await expect(frame.getByTestId("board")).toBeFocused();
  await expect(frame.locator("[data-cursor]")).toBeHidden();
  await walkCursor(page, frame, next.from);
  await page.keyboard.press("Enter");
  await expect(frame.locator("[data-cursor]")).toBeVisible();
  await page.keyboard.press(keyFor(next.from, next.to));
  await settled(frame, before + 1);
  expect(await movesLeft()).toBe(budget - 2);
});

test("reduced motion takes the movement away, never the look: a wrong pair of cards stays up to be remembered", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const frame = await openLevel(page, "memory_v1");
  const steps = () => frame.evaluate(() => ((window as unknown as { __playloop: { lastResponse: { animation_steps: { type: string }[] } | null } }).__playloop.lastResponse?.animation_steps ?? []).map((s) => s.type));
  let wrongPairs = 0;
  // cards turned two by two (0 and 1, 2 and 3, …): the level's faces make some of them wrong pairs
  for (let first = 0; first < 8; first += 2) {
    let before = await sequence(frame);
    await frame.locator(`[data-index="${first}"]`).click();
    await settled(frame, before);
    const second = frame.locator(`[data-index="${first + 1}"]`);
    // When the second card shows its face (up, with the face drawn) and when it turns back, as the
    // page saw them: watched in the page, because the test's own polls can miss a 650 ms window on
    // a loaded machine, and timers there only ever run late, never early.
    await second.evaluate((card) => {
      const look: TLook = { shownAt: null, hiddenAt: null };
      (window as unknown as { __look: TLook }).__look = look;
      new MutationObserver(() => {
        const up = card.classList.contains("is-up") && !!card.querySelector(".mem-face");
        if (up && look.shownAt === null) look.shownAt = performance.now();
        if (!up && look.shownAt !== null && look.hiddenAt === null) look.hiddenAt = performance.now();
      }).observe(card, { attributes: true, childList: true, subtree: true });
    });
    before = await sequence(frame);
    await second.click();
    await settled(frame, before);
    const isWrongPair = (await steps()).includes("hide");
    if (isWrongPair) await expect(second).not.toHaveClass(/is-up/);
    const look = await frame.evaluate(() => (window as unknown as { __look: TLook }).__look);
    // seen face up after its move's answer, with its face drawn
    expect(look.shownAt).not.toBeNull();
    if (!isWrongPair) continue;
    wrongPairs++;
    // and a wrong pair kept up for the whole pause before it turns back (650 ms, client/games/memory_v1.ts)
    expect(look.hiddenAt! - look.shownAt!).toBeGreaterThanOrEqual(600);
  }
  expect(wrongPairs).toBeGreaterThan(0);
});

type TLook = { shownAt: number | null; hiddenAt: number | null };
