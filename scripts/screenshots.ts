import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type APIResponse, type Browser, type Frame, type Page } from "@playwright/test";
import { generate } from "otplib";
import { winLevelOne } from "../e2e/rewards-seed";
import { LANGUAGES, SOURCE_LANGUAGE } from "../i18n/languages";

/**
 * `npm run screenshots`: the whole product in a minute. Against a running server (BASE_URL, default
 * http://localhost:3000, started with `npm start`; demo endpoints and signup on), it signs up a
 * fresh admin, creates a project with Gem Match where a scripted win waits in the claims queue, and
 * saves PNGs of the public pages, every console page (every tab of the project, read from the page),
 * the held claim's run watched to its end, and each game's lobby and board, at desktop
 * (1280×800) and phone (390×844) size, into screenshots/ (gitignored); and the lobby and the daily
 * wheel in German, Japanese and Arabic at phone size (phone/lang-<code>-lobby.png, -howto.png,
 * -wheel.png); `--languages=all` shoots every language the shell speaks (LANGUAGES), or name them:
 * `--languages=fr,pl`. `--landing` also refreshes public/landing/play-shell.png, the play shell on
 * the landing page.
 */
const BASE = (process.env.BASE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const OUT = path.resolve(process.env.SCREENSHOTS_DIR ?? "screenshots");
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const GAMES = ["match3_v1", "memory_v1", "parcel_pilot_v1"] as const;

/** The languages whose lobby, first game's how-to-play and wheel are shot at phone size. */
function languagesToShoot(argv: string[]): string[] {
  const at = argv.indexOf("--languages"); // `--languages fr,pl` as well as `--languages=fr,pl`
  const arg = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith("--languages="))?.slice("--languages=".length);
  if (!arg) return ["de", "ja", "ar"];
  const all = LANGUAGES.map((l) => l.code).filter((c) => c !== SOURCE_LANGUAGE);
  if (arg === "all") return all;
  const named = arg.split(",").map((c) => c.trim()).filter(Boolean);
  const unknown = named.filter((c) => !all.includes(c));
  if (unknown.length > 0) throw new Error(`--languages: ${unknown.join(", ")} not among the shell's languages (${all.join(", ")})`);
  return named;
}

async function signUp(page: Page): Promise<void> {
  const email = `screens-${Date.now()}@screens.example`;
  const password = "correct horse battery staple";
  await page.goto(`${BASE}/signup`);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/2fa\/setup$/);
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from your app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Verify and enable" }).click();
  await page.getByLabel("I saved my recovery codes in a safe place.").check();
  await page.getByRole("button", { name: "Continue to the console" }).click();
  await page.waitForURL(/\/projects$/);
}

async function createProject(page: Page): Promise<string> {
  await page.getByLabel("Project name").fill("Aurora Coffee");
  await page.getByLabel("Allowed origins").fill("https://shop.example");
  await page.getByRole("button", { name: "Create project" }).click();
  await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
  const url = new URL(page.url()).pathname;
  await page.goto(`${BASE}${url}/game`);
  await page.getByTestId("template-list").locator("li", { hasText: "Gem Match" }).getByRole("button", { name: "Select" }).click();
  await page.getByTestId("template-list").locator("li", { hasText: "Current game" }).waitFor();
  return url;
}

/** Rewards mode, a campaign, and a win played by the API's bot: fast enough that the fraud gate holds its claim. */
async function heldClaim(page: Page, projectId: string): Promise<void> {
  const write = { origin: BASE };
  const ok = async (what: string, res: Promise<APIResponse>) => {
    const r = await res;
    if (r.status() !== 200) throw new Error(`${what}: ${r.status()} ${await r.text()}`);
    return r;
  };
  await ok("rewards mode", page.request.patch(`/v1/admin/projects/${projectId}`, { headers: write, data: { game_mode: "rewards" } }));
  // a scripted win is held however fast this machine answers (command pace: median gap under a minute)
  await ok("fraud rules", page.request.put(`/v1/admin/projects/${projectId}/fraud-rules`, { headers: write, data: { rules: { command_pace: { median_gap_ms: 60_000 } } } }));
  await ok("campaign", page.request.post(`/v1/admin/projects/${projectId}/campaigns`, { headers: write, data: { name: "Level-up coupon", trigger_type: "game_won", reward_type: "promo_code", reward_metadata: { discount_percent: 10 } } }));
  const key = await ok("api key", page.request.post(`/v1/admin/projects/${projectId}/api-keys`, { headers: write, data: { name: "Shop backend", scopes: ["session:issue"] } }));
  await winLevelOne(page.request, BASE, { projectId, apiKey: ((await key.json()) as { secret: string }).secret, externalUserId: "customer-1042" });
}

/** A full-page shot: the viewport grows to the page's height so sticky bars sit where users see them. */
async function shoot(page: Page, size: keyof typeof SIZES, name: string): Promise<string> {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.waitForTimeout(400);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: SIZES[size].width, height: Math.max(SIZES[size].height, Math.min(height, 6000)) });
  const file = path.join(OUT, size, `${name}.png`);
  await page.screenshot({ path: file });
  await page.setViewportSize(SIZES[size]);
  return file;
}

async function shell(page: Page, game: string, lang?: string): Promise<Frame> {
  await page.goto(`${BASE}/demo?game=${game}${lang ? `&lang=${lang}` : ""}`);
  // Below 1100 px the demo leaves the panel closed until "Play now".
  if ((page.viewportSize()?.width ?? 1280) < 1100) await page.getByRole("button", { name: "Play now" }).click();
  const frame = (await (await page.waitForSelector("iframe[src*='/v1/play']", { timeout: 20_000 })).contentFrame())!;
  await frame.getByTestId("lobby").waitFor({ timeout: 20_000 });
  return frame;
}

async function run(browser: Browser, landing: boolean, languages: string[]): Promise<string[]> {
  const files: string[] = [];
  const context = await browser.newContext({ viewport: SIZES.desktop, baseURL: BASE });
  const page = await context.newPage();
  for (const size of Object.keys(SIZES) as Array<keyof typeof SIZES>) {
    await page.setViewportSize(SIZES[size]);
    for (const [name, p] of [["landing", "/"], ["login", "/login"], ["signup", "/signup"], ["not-found", "/no-such-page"], ["docs", "/docs"]] as const) {
      await page.goto(`${BASE}${p}`);
      files.push(await shoot(page, size, name));
    }
  }
  await page.setViewportSize(SIZES.desktop);
  await signUp(page);
  files.push(await shoot(page, "desktop", "projects-empty"));
  const project = await createProject(page);
  await heldClaim(page, project.split("/").pop()!);
  await page.goto(`${BASE}${project}`);
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link").first().waitFor();
  const tabs = await page.getByRole("navigation", { name: "Sections" }).getByRole("link").evaluateAll((links) => links.map((a) => [a.textContent ?? "", a.getAttribute("href") ?? ""] as [string, string]));
  const pages: Array<[string, string]> = [["projects", "/projects"], ...tabs.map(([label, href]) => [`project-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`, href] as [string, string]), ["account", "/account"]];
  for (const size of Object.keys(SIZES) as Array<keyof typeof SIZES>) {
    await page.setViewportSize(SIZES[size]);
    for (const [name, href] of pages) {
      await page.goto(`${BASE}${href}`);
      await page.locator("main").waitFor();
      files.push(await shoot(page, size, name));
    }
  }
  // A held claim's run, watched to its winning move.
  for (const size of Object.keys(SIZES) as Array<keyof typeof SIZES>) {
    await page.setViewportSize(SIZES[size]);
    await page.goto(`${BASE}${project}/claims`);
    await page.getByRole("link", { name: /^Watch the run of / }).first().click();
    await page.frameLocator("[data-testid=replay-frame]").getByTestId("board").waitFor();
    await page.getByRole("button", { name: "To the end" }).click();
    await page.frameLocator("[data-testid=replay-frame]").locator("html:not([data-shown='0'])").waitFor();
    files.push(await shoot(page, size, "project-watch-the-run"));
  }
  await context.close();

  for (const size of Object.keys(SIZES) as Array<keyof typeof SIZES>) {
    const phone = size === "phone";
    const ctx = await browser.newContext({ viewport: SIZES[size], isMobile: phone, hasTouch: phone });
    const p = await ctx.newPage();
    for (const game of GAMES) {
      const frame = await shell(p, game);
      files.push(await shoot(p, size, `game-${game}-lobby`));
      await frame.getByTestId("play-button").click();
      await frame.getByTestId("board").waitFor();
      await frame.waitForFunction(() => (window as unknown as { __playloop?: { state: string } }).__playloop?.state === "playing");
      // A first game shows how to play over the board: the pictures show the board as played.
      const howto = frame.getByTestId("howto-close");
      if (await howto.isVisible()) await howto.click();
      await p.waitForTimeout(800);
      files.push(await shoot(p, size, `game-${game}-board`));
      if (landing && phone && game === "match3_v1") {
        // the play shell alone, without the demo page's widget header
        await (await p.$("iframe[src*='/v1/play']"))!.screenshot({ path: path.join(OUT, "phone", "play-shell.png") });
        copyFileSync(path.join(OUT, "phone", "play-shell.png"), path.resolve("public/landing/play-shell.png"));
        // What the picture shows, read from the live shell: landing-picture.test.ts holds it against
        // the real level, so a changed level fails until the picture is taken again.
        const shown = await frame.evaluate(() => {
          const v = (window as unknown as { __playloop?: { view: { level_number?: number; moves_limit?: number; goals?: Array<{ type: string; target: number }> } } }).__playloop!.view;
          return { mechanic: "match3_v1", level_number: v.level_number ?? 1, moves: v.moves_limit, goals: (v.goals ?? []).map((g) => ({ type: g.type, target: g.target })) };
        });
        writeFileSync(path.resolve("public/landing/play-shell.json"), `${JSON.stringify(shown, null, 2)}\n`);
        files.push("public/landing/play-shell.png", "public/landing/play-shell.json");
      }
    }
    if (phone) {
      // The shell in other languages (by default a left-to-right, a CJK and a right-to-left one):
      // the lobby, the first game's how-to-play card over its board, the daily wheel.
      for (const lang of languages) {
        let frame = await shell(p, "match3_v1", lang);
        files.push(await shoot(p, size, `lang-${lang}-lobby`));
        // the card shows until dismissed on this device (client/shell/howto.ts): shown again for each language
        await frame.evaluate(() => localStorage.removeItem("plq-howto-match3_v1"));
        await frame.getByTestId("play-button").click();
        await frame.getByTestId("howto-close").waitFor();
        await p.waitForTimeout(400);
        files.push(await shoot(p, size, `lang-${lang}-howto`));
        frame = await shell(p, "match3_v1", lang);
        await frame.getByTestId("lobby-wheel").click();
        await frame.getByTestId("wheel-spin").waitFor();
        await p.waitForTimeout(600);
        files.push(await shoot(p, size, `lang-${lang}-wheel`));
      }
    }
    await ctx.close();
  }
  return files;
}

/** The languages shot below that this machine has no font for (fontconfig's view; Chromium draws boxes instead of their letters). */
function languagesWithoutFont(langs: string[]): string[] {
  try {
    return langs.filter((l) => execFileSync("fc-list", [`:lang=${l}`, "family"], { encoding: "utf8" }).trim() === "");
  } catch {
    return []; // no fontconfig tools: nothing to say
  }
}

for (const size of Object.keys(SIZES)) mkdirSync(path.join(OUT, size), { recursive: true });
const languages = languagesToShoot(process.argv);
const fontless = languagesWithoutFont(languages.filter((l) => ["ja", "ar"].includes(l)));
if (fontless.length > 0) console.warn(`no font for ${fontless.join(", ")} on this machine: those screenshots will show boxes (Debian: apt-get install fonts-noto-cjk fonts-noto-core)`);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const files = await run(browser, process.argv.includes("--landing"), languages);
  console.log(`${files.length} screenshots in ${path.relative(process.cwd(), OUT)}/ (desktop/, phone/)`);
} finally {
  await browser.close();
}
