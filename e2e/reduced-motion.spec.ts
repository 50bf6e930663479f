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
    before = await sequence(frame);
    await second.click();
    // seen face up after its move's answer (with its face drawn), before it turns back
    await expect(second).toHaveClass(/is-up/, { timeout: 5_000 });
    await expect(second.locator(".mem-face")).toBeVisible();
    await settled(frame, before);
    if (!(await steps()).includes("hide")) continue;
    wrongPairs++;
    await expect(second).not.toHaveClass(/is-up/);
  }
  expect(wrongPairs).toBeGreaterThan(0);
});
