import { expect, test, type Frame, type Page } from "@playwright/test";
import { emptyMemoryKnowledge, suggestCommand } from "@/games/bots";
import { sayIn } from "@/i18n/catalogue";
import { customerSite } from "./helpers/site";
import type { TMechanicId } from "@/games/manifests";

/**
 * The play shell in the pseudo-locale (en-XA: every catalogue message accented, 40 % longer and
 * marked ⟦…⟧), on a phone and a desktop: the lobby, each game's how-to-play, its board and its end
 * screen, and the daily wheel before and after a spin. Any visible text or spoken label without the
 * marks skipped the catalogue; any text wider than its box (or the screen) would overflow in a
 * longer language. Text the site itself sets (booster and resource names, the wheel's labels and
 * rules) and the games' data (parcel letters) is marked translate="no" and left out — except where
 * it holds Playloop's own words (the default boosters' names, from the catalogue), which must fit too. Then the real languages: Arabic lays the shell out
 * right to left with the boards unmirrored, and Playloop.setLanguage switches an open lobby.
 */
type TShell = { state: string; view: Record<string, unknown> | null };
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

async function openDemo(page: Page, game: TMechanicId, lang: string): Promise<Frame> {
  await page.goto(`/demo?game=${game}&lang=${lang}`);
  if ((page.viewportSize()?.width ?? 1280) < 1100) await page.getByRole("button", { name: "Play now" }).click();
  const frame = (await (await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 })).contentFrame())!;
  await frame.getByTestId("lobby").waitFor({ timeout: 20_000 });
  return frame;
}

/** What on the frame's screen did not come from the catalogue, and what overflows its box. */
async function audit(frame: Frame): Promise<{ foreign: string[]; overflow: string[] }> {
  // Animations end first: a counter counting up or a card flying in is measured at rest.
  await frame.waitForFunction(() => !document.querySelector("[data-counting]") && document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity));
  return frame.evaluate(() => {
    const letters = /\p{L}/u;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && cs.visibility !== "hidden" && cs.display !== "none" && !el.closest("[hidden],[aria-hidden=true]");
    };
    const site = (el: Element) => !!el.closest("[translate=no]");
    // a site-text slot holding Playloop's own words (a default booster's name, from the catalogue: marked ⟦…⟧) is measured too
    const siteWords = (el: Element) => site(el) && !(el.textContent ?? "").includes("⟦");
    const foreign = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? "").trim();
      const el = n.parentElement;
      // a hash or an id (the wheel's commitment) is data, not words
      if (!text || !letters.test(text) || /^[0-9a-f]{16,}$/i.test(text) || !el || site(el) || !visible(el)) continue;
      if (!text.includes("⟦")) foreign.add(text);
    }
    for (const el of Array.from(document.querySelectorAll("[aria-label],[title],[alt]"))) {
      if (site(el) || !visible(el)) continue;
      for (const a of ["aria-label", "title", "alt"]) {
        if (a === "title" && el.hasAttribute("data-site-title")) continue; // a tooltip of the site's own words
        const v = el.getAttribute(a);
        if (v && letters.test(v) && !v.includes("⟦")) foreign.add(`${a}: ${v}`);
      }
    }
    const overflow: string[] = [];
    for (const el of Array.from(document.querySelectorAll("body *"))) {
      if (!visible(el) || siteWords(el) || !Array.from(el.childNodes).some((c) => c.nodeType === 3 && letters.test(c.textContent ?? ""))) continue;
      if (el.clientWidth <= 2) continue; // visually hidden, for screen readers only
      const cs = getComputedStyle(el);
      if (cs.overflowX === "auto" || cs.overflowX === "scroll") continue;
      const r = el.getBoundingClientRect();
      if (el.scrollWidth > el.clientWidth + 1 && cs.display !== "inline") overflow.push(`${el.className || el.tagName}: "${(el.textContent ?? "").trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
      else if (r.right > innerWidth + 1 || r.left < -1) overflow.push(`${el.className || el.tagName}: "${(el.textContent ?? "").trim().slice(0, 40)}" outside the screen`);
    }
    return { foreign: [...foreign], overflow };
  });
}

async function clean(frame: Frame, where: string): Promise<void> {
  const found = await audit(frame);
  expect(found.foreign, `${where}: text that did not come from the catalogue`).toEqual([]);
  expect(found.overflow, `${where}: text wider than its box`).toEqual([]);
}

const shell = (frame: Frame) => frame.evaluate(() => (window as unknown as { __playloop: TShell }).__playloop);

/** Plays the run to its end with the reference bot through the game's own input. */
async function playToEnd(frame: Frame, game: TMechanicId): Promise<void> {
  const memory = emptyMemoryKnowledge();
  for (let i = 0; i < 120; i++) {
    await frame.waitForFunction(() => ["playing", "result"].includes((window as unknown as { __playloop: TShell }).__playloop.state), undefined, { timeout: 15_000 });
    const s = await shell(frame);
    if (s.state === "result") return;
    const cmd = suggestCommand(game, s.view as never, memory) as { payload: Record<string, any> } | null;
    if (!cmd) break;
    if (game === "match3_v1") {
      await frame.locator(`[data-testid=board] [data-row="${cmd.payload.from.row}"][data-col="${cmd.payload.from.col}"]`).click();
      await frame.locator(`[data-testid=board] [data-row="${cmd.payload.to.row}"][data-col="${cmd.payload.to.col}"]`).click();
    } else if (game === "memory_v1") {
      await frame.locator(`[data-index="${cmd.payload.index}"]`).click();
    } else {
      await frame.getByTestId(`dpad-${cmd.payload.dir}`).click();
    }
  }
  await frame.getByTestId("result").waitFor({ timeout: 15_000 });
}

for (const size of SIZES) {
  test.describe(`pseudo-locale, ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const game of ["match3_v1", "memory_v1", "parcel_pilot_v1"] as const) {
      test(`${game}: lobby, how to play, board and end screen say only catalogue words, and fit`, async ({ page }) => {
        test.setTimeout(120_000);
        const frame = await openDemo(page, game, "en-XA");
        expect(await frame.evaluate(() => document.documentElement.lang)).toBe("en-XA");
        await clean(frame, "lobby");
        await frame.getByTestId("play-button").click();
        await frame.getByTestId("how-to-play").waitFor();
        await clean(frame, "how to play");
        await frame.getByTestId("howto-close").click();
        await frame.waitForFunction(() => (window as unknown as { __playloop: TShell }).__playloop.state === "playing");
        await clean(frame, "board");
        await playToEnd(frame, game);
        await clean(frame, "end screen");
        await page.screenshot({ path: `test-results/languages/pseudo-${game}-${size.name}-result.png` });
      });
    }

    test("the daily wheel, before and after a spin, says only catalogue words and the site's own", async ({ page }) => {
      const frame = await openDemo(page, "match3_v1", "en-XA");
      await frame.getByTestId("lobby-wheel").click();
      await frame.getByTestId("wheel-spin").waitFor();
      await clean(frame, "wheel");
      await frame.getByTestId("wheel-spin").click();
      await frame.getByTestId("wheel-result").waitFor({ timeout: 15_000 });
      await clean(frame, "wheel result");
      await page.screenshot({ path: `test-results/languages/pseudo-wheel-${size.name}.png` });
    });
  });
}

test.describe("real languages", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Arabic lays the shell out right to left; the board keeps its geometry", async ({ page }) => {
    const frame = await openDemo(page, "match3_v1", "ar");
    expect(await frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(["ar", "rtl"]);
    // the wallet sits at the start of the top bar: on the right in Arabic
    await frame.getByTestId("play-button").click();
    await frame.getByTestId("board").waitFor();
    expect(await frame.getByTestId("board").evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
    const first = await frame.locator('[data-testid=board] [data-row="0"][data-col="0"]').boundingBox();
    const second = await frame.locator('[data-testid=board] [data-row="0"][data-col="1"]').boundingBox();
    expect(first!.x).toBeLessThan(second!.x); // column 0 is on the left, as the engine has it
    // Playloop's own boosters are named in the player's language (the demo keeps the default economy)
    const tray = frame.getByTestId("booster-tray");
    for (const booster of ["gem_shuffle", "gem_hammer"]) await expect(tray).toContainText(sayIn("ar", `economy.booster.${booster}.name`)!);
    await expect(tray).not.toContainText("Hammer");
  });

  test("German from the embed code, then Japanese by Playloop.setLanguage, at once", async ({ page }) => {
    const frame = await openDemo(page, "match3_v1", "de");
    await expect(frame.getByTestId("play-button")).toHaveText(/Level 1/);
    const german = await frame.getByTestId("play-button").textContent();
    await page.evaluate(() => (window as unknown as { Playloop: { setLanguage(l: string): void } }).Playloop.setLanguage("ja"));
    await expect.poll(() => frame.evaluate(() => document.documentElement.lang)).toBe("ja");
    await expect(frame.getByTestId("play-button")).not.toHaveText(german!);
    await expect(frame.getByTestId("play-button")).toHaveText(/1/);
  });
});

test.describe("a language switch racing the player", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the host page switches language while the player opens the wheel: the player stays on the wheel, and the lobby after it speaks the new language", async ({ page }) => {
    const frame = await openDemo(page, "match3_v1", "de");
    const shell = () => frame.evaluate(() => (window as unknown as { __playloop: { state: string; superseded: number } }).__playloop);
    // the lobby the switch reads again is held until the wheel is open (a staged race, no sleep)
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const isLobby = (url: URL) => url.pathname === "/v1/lobby";
    await page.route(isLobby, async (route) => {
      await held;
      await route.continue();
    });
    const lobbyAsked = page.waitForRequest((r) => isLobby(new URL(r.url())));
    await page.evaluate(() => (window as unknown as { Playloop: { setLanguage(l: string): void } }).Playloop.setLanguage("ja"));
    await lobbyAsked;
    await frame.getByTestId("lobby-wheel").click();
    await expect(frame.getByTestId("wheel-status")).not.toBeEmpty();
    expect((await shell()).state).toBe("wheel");
    release();
    // the lobby's answer came after the player moved on: dropped, not shown over the wheel
    await expect.poll(async () => ((s) => s.superseded > 0 || s.state !== "wheel")(await shell())).toBe(true);
    expect(await shell()).toMatchObject({ state: "wheel", superseded: 1 });
    await expect(frame.getByTestId("wheel-screen")).toBeVisible();
    await page.unroute(isLobby);
    await frame.getByTestId("wheel-back").click();
    await expect(frame.getByTestId("lobby")).toBeVisible();
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe("ja");
  });
});

test("the launcher on the site's page speaks the embed's language, and another after Playloop.setLanguage", async ({ page, baseURL }) => {
  const { integratorAdmin } = await import("./helpers/integrator");
  const site = await customerSite();
  const siteOrigin = site.origin;
  try {
    const { token, json } = await integratorAdmin(baseURL!, "launcher-lang");
    const { project_id: projectId } = await json("POST", "/v1/admin/projects", token, { name: "Launcher words", allowed_origins: [siteOrigin] });
    site.setPage(`<!doctype html><html lang="en"><body><script src="${baseURL}/v1/widget.js" data-project-id="${projectId}" data-lang="de" async></script></body></html>`);
    await page.goto(siteOrigin);
    await expect(page.getByRole("button", { name: "Spiele öffnen" })).toBeVisible({ timeout: 20_000 });
    await page.evaluate(() => (window as unknown as { Playloop: { setLanguage(l: string): void } }).Playloop.setLanguage("ja"));
    await expect(page.getByRole("button", { name: "ゲームを開く" })).toBeVisible();
    await page.getByRole("button", { name: "ゲームを開く" }).click();
    await expect(page.getByRole("button", { name: "ゲームを閉じる" }).first()).toBeVisible();
  } finally {
    site.close();
  }
});

test.describe("the wheel speaks its rules' language", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a German player opens a wheel whose rules are in English only: the whole wheel speaks English, the lobby German again after", async ({ page, baseURL }) => {
    const { integratorAdmin } = await import("./helpers/integrator");
    const site = await customerSite();
    const siteOrigin = site.origin;
    try {
      const { token, json } = await integratorAdmin(baseURL!, "wheel-lang");
      const { project_id: projectId } = await json("POST", "/v1/admin/projects", token, { name: "English rules only", allowed_origins: [siteOrigin] });
      const wheel = `/v1/admin/projects/${projectId}/wheels/daily`;
      const { draft } = await json("GET", `${wheel}/draft`, token);
      draft.rules = { text: "One free spin a day. Organised under English law.", language: "en", organizer: draft.rules.organizer };
      const saved = await json("PUT", `${wheel}/draft`, token, draft);
      await json("POST", `${wheel}/publish`, token, { expected_draft_hash: saved.draft_hash });
      await json("PATCH", `/v1/admin/projects/${projectId}`, token, { play_mechanic: "match3_v1", lobby_wheel_enabled: true });
      const { secret: apiKey } = await json("POST", `/v1/admin/projects/${projectId}/api-keys`, token, { name: "shop", scopes: ["session:issue"] });
      const session = await json("POST", "/v1/server/session-token", apiKey, { project_id: projectId, external_user_id: `kundin-${Date.now()}`, ttl_seconds: 3600 });
      site.setPage(`<!doctype html><html lang="de"><body style="margin:0">
        <script src="${baseURL}/v1/widget.js" data-project-id="${projectId}" data-auth="site" data-container="#games" async></script>
        <div id="games" style="width:100%;height:800px"></div>
        <script>(function set() { if (window.Playloop && window.Playloop.setSessionToken) window.Playloop.setSessionToken(${JSON.stringify(session.session_token)}); else setTimeout(set, 20); })();</script>
        </body></html>`);
      await page.goto(siteOrigin);
      const frame = (await (await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 })).contentFrame())!;
      await frame.getByTestId("lobby").waitFor({ timeout: 20_000 });
      expect(await frame.evaluate(() => document.documentElement.lang)).toBe("de");
      await frame.getByTestId("lobby-wheel").click();
      await frame.getByTestId("wheel-spin").waitFor();
      expect(await frame.evaluate(() => document.documentElement.lang)).toBe("en");
      await expect(frame.getByTestId("wheel-screen").locator("h1")).toHaveText("Daily wheel");
      await expect(frame.getByTestId("wheel-spin")).toHaveText(/Spin/);
      await frame.locator(".plq-wheel-rules summary").click();
      await expect(frame.locator(".plq-wheel-rules")).toContainText("Organised under English law.");
      await expect(frame.locator(".plq-wheel-rules")).toContainText("Organised by");
      await page.screenshot({ path: "test-results/languages/wheel-rules-language.png" });
      await frame.getByTestId("wheel-back").click();
      await frame.getByTestId("lobby").waitFor();
      await expect.poll(() => frame.evaluate(() => document.documentElement.lang)).toBe("de");
      await expect(frame.getByTestId("lobby-wheel")).toContainText(/Glücksrad/);
    } finally {
      site.close();
    }
  });
});

test.describe("the console's languages", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("an admin offers German and Japanese with German by default; the play page follows", async ({ page }) => {
    const { signUpWithTwoFactor, createProjectInConsole } = await import("./helpers/console");
    await signUpWithTwoFactor(page, "languages");
    const projectId = await createProjectInConsole(page, "Sprachen Shop");
    await page.goto(`/projects/${projectId}/settings`);
    await page.getByRole("radio", { name: /Only these/ }).check({ force: true });
    const choices = page.getByTestId("language-choices");
    for (const other of ["English", "العربية", "Français", "Español", "Italiano", "Nederlands", "Polski", "Português", "Svenska"]) await choices.getByRole("checkbox", { name: new RegExp(other) }).uncheck();
    await page.getByLabel("Default language").selectOption("de");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("✓ Changes saved")).toBeVisible();
    await page.screenshot({ path: "test-results/languages/console-languages.png", fullPage: true });
    const read = await page.request.get(`/v1/admin/projects/${projectId}`);
    expect(await read.json()).toMatchObject({ languages: ["de", "ja"], default_language: "de" });
    // a French browser gets the default; a Japanese one its own language
    const lang = async (accept: string) => /<html lang="([^"]+)"/.exec(await (await page.request.get(`/v1/play?project_id=${projectId}&mode=play`, { headers: { "accept-language": accept } })).text())?.[1];
    expect(await lang("sv-SE")).toBe("de");
    expect(await lang("ja-JP")).toBe("ja");
  });

  test("an admin writes the project's own German wording, told at once what a message lacks; players get it", async ({ page }) => {
    const { signUpWithTwoFactor, createProjectInConsole } = await import("./helpers/console");
    await signUpWithTwoFactor(page, "wording");
    const projectId = await createProjectInConsole(page, "Wording Shop");
    await page.goto(`/projects/${projectId}/wording`);
    await page.getByLabel("Language").selectOption("de");
    await page.getByPlaceholder(/Search keys and text/).fill("play_level");
    const row = page.getByTestId("wording-lobby.play_level");
    await row.getByRole("textbox").fill("Los geht’s");
    await expect(row.getByRole("alert")).toHaveText(/lacks \{level\}/);
    await expect(page.getByRole("button", { name: "Save wording" })).toBeDisabled();
    await row.getByRole("textbox").fill("Los: Level {level}");
    await expect(row.getByTestId("wording-preview")).toHaveText(/Los: Level 3/);
    await page.getByPlaceholder(/Search keys and text/).fill("games.match3");
    await page.getByTestId("wording-games.match3_v1.title").getByRole("textbox").fill("Juwelen-Jagd");
    await page.getByRole("button", { name: "Save wording" }).click();
    await expect(page.getByText("✓ Wording saved")).toBeVisible();
    await page.getByPlaceholder(/Search keys and text/).fill("");
    await page.getByRole("switch", { name: "Only my own wording" }).click();
    await expect(page.locator("[data-key]")).toHaveCount(2);
    await page.screenshot({ path: "test-results/languages/console-wording.png", fullPage: true });
    const messages = (await (await page.request.get(`/v1/play/messages?project_id=${projectId}&lang=de`)).json()).messages;
    expect(messages["games.match3_v1.title"]).toBe("Juwelen-Jagd");
    expect(JSON.stringify(messages["lobby.play_level"])).toContain("Los: Level ");
  });
});
