// Games polish (issue 13): the first-run "how to play", a refused move's message, stars on the
// end screen and in the lobby's level list, the score and the score goal agreeing through the win
// animation, and a screenshot of every game at desktop and phone size (test-results/games-polish/).
// Runs against the local harness (client/harness: built play assets, the real engines in page).
import { expect, test, type Frame, type Page } from "@playwright/test";
import { DESKTOP, PHONE } from "./helpers/console";
import { sequence, settled, shellFrame, state, useHarnessServer, type Cell } from "./helpers/harness";
import { stillScreen } from "./helpers/still-screen";

// how the games move and feel is this spec's subject: motion on (the config reduces it)
test.use({ baseURL: undefined, reducedMotion: "no-preference" });
test.describe.configure({ mode: "serial" });

type Cmd = { action: string; payload: { from?: Cell; to?: Cell; index?: number; dir?: string } };
type W = {
  __playloop: { state: string; view: Record<string, unknown> | null; run: { sequence: number } | null; lastResponse: { accepted: boolean; rejection_code?: string } | null };
  __harness: { suggest(): Cmd | null };
};

const GAMES = ["match3_v1", "memory_v1", "parcel_pilot_v1"] as const;
const SIZES = { desktop: DESKTOP, phone: PHONE } as const;
const SHOTS = "test-results/games-polish";
const harness = useHarnessServer();

async function shell(page: Page, mechanic: string): Promise<Frame> {
  await page.goto(`${harness.url}/?mechanic=${mechanic}`);
  return shellFrame(page);
}

async function play(page: Page, f: Frame, cmd: Cmd): Promise<void> {
  const before = await sequence(f);
  if (cmd.action === "swap") {
    await f.locator(`[data-row="${cmd.payload.from!.row}"][data-col="${cmd.payload.from!.col}"]`).click();
    await f.locator(`[data-row="${cmd.payload.to!.row}"][data-col="${cmd.payload.to!.col}"]`).click();
  } else if (cmd.action === "flip") {
    await f.locator(`[data-index="${cmd.payload.index}"]`).click();
  } else {
    await f.getByTestId(`dpad-${cmd.payload.dir}`).click();
  }
  await settled(f, before);
}

/** The HUD's score and its score goal (when the level has one), as shown. */
async function counters(f: Frame): Promise<{ score: number; goal: number | null; target: number | null }> {
  return f.evaluate(() => {
    const digits = (s: string | null | undefined) => Number((s ?? "").replace(/\D/g, ""));
    const score = digits(document.querySelector("[data-testid=score]")?.textContent);
    const chip = document.querySelector(".plq-chip[data-goal=score] .plq-chip-value")?.textContent;
    if (!chip) return { score, goal: null, target: null };
    const [goal, target] = chip.split("/");
    return { score, goal: digits(goal), target: digits(target) };
  });
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(size, () => {
    test.use({ viewport });

    test("each game: how to play on the first run only, then a board with its art", async ({ page }) => {
      test.setTimeout(90_000);
      for (const mechanic of GAMES) {
        const frame = await shell(page, mechanic);
        await stillScreen(frame);
        await page.screenshot({ path: `${SHOTS}/${size}-${mechanic}-lobby.png` });
        await frame.getByTestId("play-button").click();
        const howto = frame.getByTestId("how-to-play");
        await expect(howto).toBeVisible();
        await expect(howto.locator("li")).toHaveCount(3);
        await stillScreen(frame);
        await page.screenshot({ path: `${SHOTS}/${size}-${mechanic}-howto.png` });
        await frame.getByTestId("howto-close").click();
        await expect(howto).toHaveCount(0);
        await stillScreen(frame);
        await page.screenshot({ path: `${SHOTS}/${size}-${mechanic}-board.png` });

        // the second run (a new page load, so nothing is kept in memory): no how-to
        const again = await shell(page, mechanic);
        await again.getByTestId("play-button").click();
        await again.waitForFunction(() => (window as unknown as W).__playloop.state === "playing");
        await expect(again.getByTestId("board")).toBeVisible();
        await expect(again.getByTestId("how-to-play")).toHaveCount(0);
      }
    });
  });
}

test.describe("later levels", () => {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`${size}: Parcel Pilot level 8 and Gem Match level 13 (blocks, blockers)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(() => {
        for (const m of ["match3_v1", "parcel_pilot_v1"]) localStorage.setItem(`plq-howto-${m}`, "1");
      });
      for (const [mechanic, level] of [["parcel_pilot_v1", 8], ["match3_v1", 13]] as const) {
        const frame = await shell(page, mechanic);
        // the in-page fake server starts deeper in the track; "play" asks it for the next level
        await frame.evaluate((n) => (window as unknown as { __harness: { server: { skipTo(n: number): void } } }).__harness.server.skipTo(n), level);
        await frame.getByTestId("play-button").click();
        await frame.waitForFunction(() => (window as unknown as W).__playloop.state === "playing");
        await expect(frame.locator(".plq-hud-level")).toHaveText(`Level ${level}`);
        await stillScreen(frame);
        await page.screenshot({ path: `${SHOTS}/${size}-${mechanic}-level${level}.png` });
        if (mechanic === "parcel_pilot_v1") {
          // the town has Gem Match's finish: a deep gradient board with a drop shadow, lit grass blocks, dashed lanes on the roads
          const finish = await frame.evaluate(() => {
            const style = (sel: string, pseudo?: string) => getComputedStyle(document.querySelector(sel)!, pseudo ?? null);
            return { board: style(".pp-board").backgroundImage, shadow: style(".pp-board").boxShadow, block: style(".pp-wall").backgroundImage, lanes: style(".pp-floor", "::before").backgroundImage };
          });
          expect(finish.board).toContain("linear-gradient");
          expect(finish.shadow).not.toBe("none");
          expect(finish.block).toContain("linear-gradient");
          expect(finish.lanes.match(/linear-gradient/g)?.length).toBe(2);
        }
      }
    });
  }
});

test.describe("phone play", () => {
  test.use({ viewport: SIZES.phone });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      try {
        for (const m of ["match3_v1", "memory_v1", "parcel_pilot_v1"]) localStorage.setItem(`plq-howto-${m}`, "1");
      } catch {
        /* no storage in this frame */
      }
    });
  });

  test("a refused move says why: no match in Gem Match, the road's end in Parcel Pilot", async ({ page }) => {
    let frame = await shell(page, "match3_v1");
    await frame.getByTestId("play-button").click();
    await frame.waitForFunction(() => (window as unknown as W).__playloop.state === "playing");
    // two equal neighbours never make a new line when swapped
    const grid = (await frame.evaluate(() => (window as unknown as W).__playloop.view?.grid)) as string[][];
    const pair = grid.flatMap((row, r) => row.slice(0, -1).map((v, c) => (v === row[c + 1] ? { row: r, col: c } : null))).find((x) => x) ?? null;
    const cols = grid.map((_, r) => r);
    const vpair = pair ? null : cols.flatMap((r) => (r + 1 < grid.length ? grid[r]!.map((v, c) => (v === grid[r + 1]![c] ? { row: r, col: c } : null)) : [])).find((x) => x);
    const from = (pair ?? vpair)!;
    const to = pair ? { row: from.row, col: from.col + 1 } : { row: from.row + 1, col: from.col };
    await play(page, frame, { action: "swap", payload: { from, to } });
    expect(await frame.evaluate(() => (window as unknown as W).__playloop.lastResponse)).toMatchObject({ accepted: false, rejection_code: "no_match" });
    await expect(frame.getByTestId("refusal")).toBeVisible();
    await expect(frame.getByTestId("refusal")).toHaveText("No match there");
    await page.screenshot({ path: `${SHOTS}/phone-match3_v1-refused.png` });
    await expect(frame.getByTestId("refusal")).toBeHidden({ timeout: 5_000 });

    frame = await shell(page, "parcel_pilot_v1");
    await frame.getByTestId("play-button").click();
    await frame.waitForFunction(() => (window as unknown as W).__playloop.state === "playing");
    await play(page, frame, { action: "move", payload: { dir: "up" } }); // the van starts on the top row
    expect(await frame.evaluate(() => (window as unknown as W).__playloop.lastResponse)).toMatchObject({ accepted: false, rejection_code: "out_of_bounds" });
    await expect(frame.getByTestId("refusal")).toHaveText("The road ends here");
  });

  for (const mechanic of GAMES) {
    test(`${mechanic}: a win shows its stars and bonus; score and goal agree after every step; the level list shows the stars`, async ({ page }) => {
      test.setTimeout(150_000);
      const frame = await shell(page, mechanic);
      await frame.getByTestId("play-button").click();
      await frame.waitForFunction(() => (window as unknown as W).__playloop.state === "playing");
      for (let i = 0; i < 60 && (await state(frame)) !== "result"; i++) {
        const cmd = await frame.evaluate(() => (window as unknown as W).__harness.suggest());
        await play(page, frame, cmd!);
        if (i === 3) await page.screenshot({ path: `${SHOTS}/phone-${mechanic}-playing.png` });
        await stillScreen(frame);
        const c = await counters(frame);
        if (c.goal !== null) expect(c.goal, `after move ${i + 1}`).toBe(Math.min(c.score, c.target!));
      }
      await expect(frame.getByTestId("result")).toHaveAttribute("data-status", "won");
      await stillScreen(frame);
      // after the win animation (the leftover bonus included) the HUD under the card still agrees
      const view = (await frame.evaluate(() => (window as unknown as W).__playloop.view)) as { score: number; stars: number; bonus: number };
      const c = await counters(frame);
      expect(c.score).toBe(view.score);
      if (c.goal !== null) expect(c.goal).toBe(Math.min(view.score, c.target!));
      expect(view.stars).toBeGreaterThanOrEqual(1);
      await expect(frame.getByTestId("result-stars")).toHaveAttribute("data-stars", String(view.stars));
      await expect(frame.getByTestId("result-stars").locator(".plq-star-on")).toHaveCount(view.stars);
      if (view.bonus > 0) await expect(frame.getByTestId("result-bonus")).toContainText(`+${view.bonus.toLocaleString("en-US")}`);
      await expect(frame.getByTestId("result-score")).toHaveText(view.score.toLocaleString("en-US"));
      await page.screenshot({ path: `${SHOTS}/phone-${mechanic}-won.png` });

      await frame.getByTestId("lobby-button").click();
      const first = frame.getByTestId("level-list").locator("li").first();
      await expect(first).toHaveAttribute("data-stars", String(view.stars));
      await expect(first.locator(".plq-star-on")).toHaveCount(view.stars);
      await expect(frame.getByTestId("level-list").locator("li").nth(1)).toHaveClass(/is-next/);
      await stillScreen(frame);
      await page.screenshot({ path: `${SHOTS}/phone-${mechanic}-lobby-after-win.png` });
    });
  }
});
