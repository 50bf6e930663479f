// The player-facing play shell + widget loader, end to end in Chromium,
// against the local harness (client/harness): production assets from
// scripts/build-play.ts, a tiny node:http server per spec file, and an
// in-page fake API running the real game engines. Independent of the app
// server, so baseURL is unset. Moves are chosen by the reference bot
// (window.__harness.suggest) and played through the real UI (taps, drags,
// keys, D-pad).
import { expect, test } from "@playwright/test";
import { DESKTOP, PHONE } from "./helpers/console";
import { ARROW, dragTile, keyCursor, keyFor, openLevel, sequence, settled, shellFrame, state, useHarnessServer, walkCursor, WASD, type Cell, type THarnessWindow as W } from "./helpers/harness";
import { seenHowTo } from "./helpers/howto";
import { stillScreen } from "./helpers/still-screen";

// the first-run "how to play" screen has its own spec (games-polish.spec.ts)
test.beforeEach(({ page }) => seenHowTo(page));

// played through the real UI as a person plays, animations included (the config reduces motion)
test.use({ baseURL: undefined, reducedMotion: "no-preference" });
test.describe.configure({ mode: "serial" });

const harness = useHarnessServer();

test.describe("phone", () => {
  test.use({ viewport: PHONE, hasTouch: false });

  test("match3 level 1 is won through taps and swipes, then progression shows", async ({ page }) => {
    test.setTimeout(150_000);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${harness.url}/?mechanic=match3_v1`);
    const frame = await shellFrame(page);
    await expect(frame.getByTestId("lobby")).toContainText("Level");
    await expect(frame.getByTestId("lobby")).toContainText("Reach 2,500 points");
    // the anonymous session from /v1/widget/session reached the shell by postMessage, not by URL
    expect(await frame.evaluate(() => (window as unknown as W).__harness.tokens)).toEqual([expect.stringMatching(/^anon-[A-Za-z0-9]{32}-\d+$/)]);
    expect(frame.url()).not.toContain("anon-");
    await page.screenshot({ path: "test-results/play-phone-lobby.png" });

    await frame.getByTestId("play-button").click();
    await frame.waitForFunction(() => (window as unknown as W).__playloop.state === "playing");
    expect(await frame.locator("[data-row][data-col]").count()).toBe(64);

    // a refused swap (two equal neighbours never make a new line): swapped back with a shake, sequence consumed
    const grid0 = (await frame.evaluate(() => (window as unknown as W).__playloop.view?.grid)) as string[][];
    const pair = grid0.flatMap((row, r) => row.slice(0, -1).map((v, c) => (v === row[c + 1] ? { row: r, col: c } : null))).find((x) => x);
    if (pair) {
      await frame.locator(`[data-row="${pair.row}"][data-col="${pair.col}"]`).click();
      await frame.locator(`[data-row="${pair.row}"][data-col="${pair.col + 1}"]`).click();
      await settled(frame, 0);
      expect(await frame.evaluate(() => (window as unknown as W).__playloop.lastResponse)).toMatchObject({ accepted: false, rejection_code: "no_match", sequence: 1 });
      expect(await frame.evaluate(() => (window as unknown as W).__playloop.view?.grid)).toEqual(grid0);
    }

    for (let move = 0; move < 30 && (await state(frame)) !== "result"; move++) {
      const cmd = await frame.evaluate(() => (window as unknown as W).__harness.suggest());
      expect(cmd?.action).toBe("swap");
      const { from, to } = cmd!.payload as { from: Cell; to: Cell };
      const before = await sequence(frame);
      // move 0: the answer is lost after the server applied it; the shell retries with the same
      // command_id/sequence and gets the stored answer (applied once: sequence advances by one)
      if (move === 0) await frame.evaluate(() => ((window as unknown as W).__harness.server.dropResponses = 1));
      // move 1: the session expired; 401 -> the shell asks the page for a new token -> the same command goes through
      if (move === 1) await frame.evaluate(() => (window as unknown as W).__harness.revokeTokens());
      if (move % 2 === 0) {
        await frame.locator(`[data-row="${from.row}"][data-col="${from.col}"]`).click();
        await frame.locator(`[data-row="${to.row}"][data-col="${to.col}"]`).click();
      } else {
        await dragTile(page, frame, from, to);
      }
      if (move === 0) await page.screenshot({ path: "test-results/play-phone-match3-animating.png" });
      await settled(frame, before);
      expect(await sequence(frame)).toBe(before + 1);
      if (move === 0) await page.screenshot({ path: "test-results/play-phone-match3.png" });
    }
    expect(await frame.evaluate(() => (window as unknown as W).__harness.tokens)).toHaveLength(2);
    await expect(frame.getByTestId("result")).toBeVisible();
    await expect(frame.getByTestId("result")).toHaveAttribute("data-status", "won");
    await expect(frame.getByTestId("progression")).toContainText("Next up: level 2");
    await expect(frame.getByTestId("progression")).toContainText("First clear");
    await stillScreen(frame); // the score count-up and the card's entrance are done
    await page.screenshot({ path: "test-results/play-phone-result.png" });

    // the host page got run_finished as a DOM event
    const events = await page.evaluate(() => (window as unknown as W).__events);
    expect(events).toContainEqual({ type: "run_finished", detail: expect.objectContaining({ status: "won", level_number: 1 }) });

    await frame.getByTestId("lobby-button").click();
    await expect(frame.getByTestId("lobby")).toContainText("1 / 20 levels");
    await expect(frame.getByTestId("play-button")).toHaveText("Play level 2");
    // The win's reward, as the lobby's last result reports it (the harness queues one per win).
    await expect(frame.getByTestId("last-result")).toContainText("reward on its way");
    expect(errors).toEqual([]);
  });

  test("memory: cards flip by tap, pairs are found and the level is won", async ({ page }) => {
    test.setTimeout(90_000);
    const frame = await openLevel(page, "memory_v1");
    expect(await frame.locator(".mem-card[data-index]").count()).toBe(8);
    for (let i = 0; i < 30 && (await state(frame)) !== "result"; i++) {
      const cmd = await frame.evaluate(() => (window as unknown as W).__harness.suggest());
      const before = await sequence(frame);
      await frame.locator(`[data-index="${cmd!.payload.index}"]`).click();
      await settled(frame, before);
      if (i === 2) await page.screenshot({ path: "test-results/play-phone-memory.png" });
    }
    await expect(frame.getByTestId("result")).toHaveAttribute("data-status", "won");
    await expect(frame.getByTestId("progression")).toBeVisible();
  });

  test("parcel pilot: D-pad, keys and swipes move the van", async ({ page }) => {
    test.setTimeout(90_000);
    const frame = await openLevel(page, "parcel_pilot_v1");
    const van = frame.getByTestId("carrier");
    await expect(van).toHaveAttribute("data-row", "0");
    let before = await sequence(frame);
    await frame.getByTestId("dpad-right").click();
    await settled(frame, before);
    await expect(van).toHaveAttribute("data-col", "1");
    // refused: the van is on the top row
    before = await sequence(frame);
    await frame.getByTestId("dpad-up").click();
    await settled(frame, before);
    expect(await frame.evaluate(() => (window as unknown as { __playloop: { lastResponse: { accepted: boolean; rejection_code: string } } }).__playloop.lastResponse)).toMatchObject({ accepted: false, rejection_code: "out_of_bounds" });
    before = await sequence(frame);
    await page.keyboard.press("ArrowDown");
    await settled(frame, before);
    await expect(van).toHaveAttribute("data-row", "1");
    // swipe right on the board
    const box = (await frame.getByTestId("board").boundingBox())!;
    before = await sequence(frame);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 4, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 6, { steps: 4 });
    await page.mouse.up();
    await settled(frame, before);
    await expect(van).toHaveAttribute("data-col", "2");
    await page.screenshot({ path: "test-results/play-phone-parcel.png" });
    for (let i = 0; i < 40 && (await state(frame)) !== "result"; i++) {
      const dir = (await frame.evaluate(() => (window as unknown as W).__harness.suggest()))!.payload.dir as string;
      before = await sequence(frame);
      await frame.getByTestId(`dpad-${dir}`).click();
      await settled(frame, before);
    }
    await expect(frame.getByTestId("result")).toHaveAttribute("data-status", "won");
  });
  test("parcel pilot: running out of fuel shows a loss, Try again restarts the level", async ({ page }) => {
    test.setTimeout(90_000);
    const frame = await openLevel(page, "parcel_pilot_v1");
    // shuttle right/left until the 13 fuel are spent
    for (let i = 0; i < 20 && (await state(frame)) !== "result"; i++) {
      const before = await sequence(frame);
      await page.keyboard.press(i % 2 === 0 ? "ArrowRight" : "ArrowLeft");
      await settled(frame, before);
    }
    await expect(frame.getByTestId("result")).toHaveAttribute("data-status", "lost");
    await expect(frame.getByTestId("result")).toContainText("Out of fuel");
    await stillScreen(frame); // the result card finished popping in
    await page.screenshot({ path: "test-results/play-phone-lost.png" });
    await frame.getByTestId("retry-button").click();
    await frame.waitForFunction(() => (window as unknown as W).__playloop.state === "playing");
    expect(await frame.evaluate(() => (window as unknown as W).__playloop.view?.fuel_left)).toBe(13);
    const events = await page.evaluate(() => (window as unknown as W).__events);
    expect(events).toContainEqual({ type: "run_finished", detail: expect.objectContaining({ status: "lost", level_number: 1 }) });
  });

  test("leaving mid-game offers Resume, which continues the same run", async ({ page }) => {
    const frame = await openLevel(page, "memory_v1");
    const runId = await frame.evaluate(() => (window as unknown as W).__playloop.run?.run_id);
    const cmd = await frame.evaluate(() => (window as unknown as W).__harness.suggest());
    await frame.locator(`[data-index="${cmd!.payload.index}"]`).click();
    await settled(frame, 0);
    await frame.getByTestId("back-button").click();
    await expect(frame.getByTestId("play-button")).toHaveText("Resume level 1");
    await expect(frame.getByTestId("start-over-button")).toBeVisible();
    await frame.getByTestId("play-button").click();
    await frame.waitForFunction(() => (window as unknown as W).__playloop.state === "playing");
    expect(await frame.evaluate(() => (window as unknown as W).__playloop.run)).toMatchObject({ run_id: runId, sequence: 1 });
    // the card turned up before leaving is still up
    await expect(frame.locator(`[data-index="${cmd!.payload.index}"]`)).toHaveClass(/is-up/);
    await frame.getByTestId("back-button").click();
    await frame.getByTestId("start-over-button").click();
    await frame.waitForFunction(() => (window as unknown as W).__playloop.state === "playing");
    expect(await frame.evaluate(() => (window as unknown as W).__playloop.run)).toMatchObject({ sequence: 0 });
    expect(await frame.evaluate(() => (window as unknown as W).__playloop.run?.run_id)).not.toBe(runId);
  });
});

test.describe("desktop", () => {
  test.use({ viewport: DESKTOP });

  test("memory and parcel pilot load and accept moves", async ({ page }) => {
    let frame = await openLevel(page, "memory_v1");
    for (let i = 0; i < 3; i++) {
      const cmd = await frame.evaluate(() => (window as unknown as W).__harness.suggest());
      const before = await sequence(frame);
      await frame.locator(`[data-index="${cmd!.payload.index}"]`).click();
      await settled(frame, before);
    }
    expect(await frame.evaluate(() => (window as unknown as W).__playloop.view?.flips)).toBe(3);
    await page.screenshot({ path: "test-results/play-desktop-memory.png" });

    frame = await openLevel(page, "parcel_pilot_v1");
    for (let i = 0; i < 3; i++) {
      const dir = (await frame.evaluate(() => (window as unknown as W).__harness.suggest()))!.payload.dir as string;
      const before = await sequence(frame);
      await page.keyboard.press({ up: "ArrowUp", down: "ArrowDown", left: "ArrowLeft", right: "ArrowRight" }[dir] as string);
      await settled(frame, before);
    }
    expect(await frame.evaluate(() => (window as unknown as W).__playloop.view?.fuel_left)).toBe(10);
    await page.screenshot({ path: "test-results/play-desktop-parcel.png" });

    frame = await openLevel(page, "match3_v1");
    await stillScreen(frame); // screen fade-in
    await page.screenshot({ path: "test-results/play-desktop-match3.png" });
  });

  test("each game's lobby shows the art its manifest names", async ({ page }) => {
    // gems: five gem icons; cards: three cards; parcels: box, van, pin
    for (const [mechanic, items, cards] of [["match3_v1", 5, 0], ["memory_v1", 3, 3], ["parcel_pilot_v1", 3, 0]] as const) {
      await page.goto(`${harness.url}/?mechanic=${mechanic}`);
      const frame = await shellFrame(page);
      await expect(frame.locator(`.plq-hero.plq-hero-${items} .plq-hero-item`)).toHaveCount(items);
      await expect(frame.locator(".plq-hero .plq-hero-card")).toHaveCount(cards);
    }
  });

  test("floating widget on a cross-origin shop page with a verified session", async ({ page }) => {
    // the shop is served from 127.0.0.1 while widget.js and the shell come from localhost: cross-origin, like a customer site
    await page.goto(`${harness.url.replace("localhost", "127.0.0.1")}/shop?mechanic=match3_v1&verified=1`);
    await page.getByRole("button", { name: "Open games" }).click();
    const frame = await shellFrame(page);
    expect(await frame.evaluate(() => (window as unknown as W).__harness.tokens)).toEqual(["verified-harness-token"]);
    // a verified session never creates an anonymous id
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("playloop_anon_")))).toEqual([]);
    await expect(frame.getByTestId("lobby")).toBeVisible();
    await stillScreen(frame);
    await page.screenshot({ path: "test-results/play-desktop-widget.png" });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Open games" })).toHaveAttribute("aria-expanded", "false");
  });

  test.describe("with the player's reduced-motion setting", () => {
    // The keyboard is the subject here, not the movement (the taps-and-swipes win above plays every
    // animation): a keyboard player who also asks for less motion, and 40 → ~10 s of the suite.
    test.use({ reducedMotion: "reduce" });
    test("match3 level 1 is won with the keyboard only", async ({ page }) => {
      test.setTimeout(150_000);
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const frame = await openLevel(page, "match3_v1");
      const board = frame.getByTestId("board");
      const live = board.locator("[aria-live]");
      await expect(board).toHaveAttribute("tabindex", "0");
      await expect(board).toHaveAttribute("role", "group");
      await expect(board).toHaveAttribute("aria-label", /Arrow keys/);
      await expect(live).toHaveAttribute("aria-live", "polite");
      const cursor = frame.locator("[data-cursor]");
      await expect(cursor).toBeHidden(); // keyboard mode only
      // Tab from the HUD's last control (the sound toggle, after the back button) onto the board
      await frame.getByTestId("sound-toggle").focus();
      await page.keyboard.press("Tab");
      await expect(board).toBeFocused();
      await expect(cursor).toBeVisible();
      const cursorAt = () => keyCursor(frame);
      const walkTo = (c: Cell, keys = ARROW) => walkCursor(page, frame, c, keys);
      const selected = frame.locator(".m3-selected");

      // a refused swap (two equal neighbours): announced, and the cursor comes back with the gem
      const grid0 = (await frame.evaluate(() => (window as unknown as W).__playloop.view?.grid)) as string[][];
      const pair = grid0.flatMap((row, r) => row.slice(0, -1).map((v, c) => (v === row[c + 1] ? { row: r, col: c } : null))).find((x) => x);
      if (pair) {
        await walkTo(pair);
        await page.keyboard.press("Enter");
        await expect(selected).toHaveAttribute("data-row", String(pair.row));
        await page.keyboard.press("ArrowRight");
        await settled(frame, 0);
        expect(await frame.evaluate(() => (window as unknown as W).__playloop.lastResponse)).toMatchObject({ accepted: false, rejection_code: "no_match" });
        await expect(live).toHaveText(/^No match there/);
        expect(await cursorAt()).toEqual(pair);
        await expect(selected).toHaveCount(0);
      }

      for (let move = 0; move < 30 && (await state(frame)) !== "result"; move++) {
        const cmd = await frame.evaluate(() => (window as unknown as W).__harness.suggest());
        expect(cmd?.action).toBe("swap");
        const { from, to } = cmd!.payload as { from: Cell; to: Cell };
        const before = await sequence(frame);
        await walkTo(from, move % 2 === 1 ? WASD : ARROW);
        if (move === 0) {
          await stillScreen(frame); // the cursor glided in
          await page.screenshot({ path: "test-results/play-match3-keyboard.png" });
        }
        await page.keyboard.press(move % 3 === 2 ? "Space" : "Enter");
        await expect(selected).toHaveCount(1);
        await expect(live).toHaveText(/^Selected \w+ gem/);
        if (move === 0) {
          // Escape drops the selection; select again
          await page.keyboard.press("Escape");
          await expect(selected).toHaveCount(0);
          await page.keyboard.press("Enter");
          await expect(selected).toHaveCount(1);
          await page.screenshot({ path: "test-results/play-match3-keyboard-selected.png" });
        }
        if (move === 1) {
          // Shift+arrow only moves the cursor; Enter on the neighbour swaps, like a second tap
          await page.keyboard.press(`Shift+${keyFor(from, to)}`);
          expect(await cursorAt()).toEqual(to);
          await expect(selected).toHaveCount(1);
          await page.keyboard.press("Enter");
        } else {
          if (move === 2) await frame.evaluate(() => (window as unknown as W).__harness.setLatency(800));
          await page.keyboard.press(keyFor(from, to, move % 2 === 1 ? WASD : ARROW));
        }
        if (move === 2) {
          // while the move is in flight, selecting and swapping keys are ignored (like taps)
          expect(await state(frame)).toBe("animating");
          await page.keyboard.press("Enter");
          await page.keyboard.press("Space");
          await expect(selected).toHaveCount(0);
          await frame.evaluate(() => (window as unknown as W).__harness.setLatency(60));
        }
        await settled(frame, before);
        expect(await sequence(frame)).toBe(before + 1);
        expect(await frame.evaluate(() => (window as unknown as { __playloop: { lastResponse: { accepted: boolean } } }).__playloop.lastResponse.accepted)).toBe(true);
        await expect(selected).toHaveCount(0);
        if ((await state(frame)) !== "result") {
          await expect(live).toHaveText(/^Swapped, \+[\d,]+ points/);
          // the cursor stays on the board through cascades and shuffles
          const at = await cursorAt();
          expect(at.row >= 0 && at.row < 8 && at.col >= 0 && at.col < 8).toBe(true);
        }
      }
      await expect(frame.getByTestId("result")).toHaveAttribute("data-status", "won");
      await expect(frame.getByTestId("progression")).toContainText("Next up: level 2");
      expect(errors).toEqual([]);
    });
  });
});
