import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { sayIn } from "@/i18n/catalogue";
import { LANGUAGE_CODES } from "@/i18n/languages";
import { createApiKey, createProject, verifiedAdmin } from "../helpers/api";
import { newPlayer } from "../helpers/play";
import { economyProject } from "../helpers/economy";
import { serverSuite } from "../helpers/suite";

/**
 * The project's languages and the play page's choice among them: an admin offers some languages
 * with a default (checked: known codes, no repeats, a default among them; another account's project
 * is 404 and unchanged); the play page and its catalogue route speak the first wish the project
 * offers (integrator, host page, browser), else the default; the lobby says the game's name in the
 * shell's language while its codes stay as they are.
 */
const s = serverSuite();
const patch = (projectId: string, body: Record<string, unknown>, token = s.admin.token) => s.call("PATCH", `/v1/admin/projects/${projectId}`, { token, body });
const playPage = (projectId: string, query: string, accept?: string) => s.call("GET", `/v1/play?project_id=${projectId}&mode=play${query}`, { headers: accept ? { "accept-language": accept } : {} });
const htmlLang = (text: string) => /<html lang="([^"]+)" dir="(ltr|rtl)">/.exec(text)?.slice(1);

describe("a project's languages", () => {
  it("offers every language by default, English first; an admin offers some with a default among them", async () => {
    const projectId = await createProject(s.call, s.admin);
    const read = await s.call("GET", `/v1/admin/projects/${projectId}`, { token: s.admin.token });
    expect(read.body).toMatchObject({ languages: [], default_language: "en", offered_languages: LANGUAGE_CODES });
    const set = await patch(projectId, { languages: ["de", "en"], default_language: "de" });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ languages: ["de", "en"], default_language: "de", offered_languages: ["de", "en"] });
    const audit = await pool().query("SELECT metadata FROM audit_log WHERE project_id = $1 AND action = 'project.updated' ORDER BY created_at DESC LIMIT 1", [projectId]);
    expect(audit.rows[0].metadata.changed).toEqual(["languages", "defaultLanguage"]);
  });

  it("refuses an unknown language, a repeat and a default it does not offer, and changes nothing", async () => {
    const projectId = await createProject(s.call, s.admin);
    expect((await patch(projectId, { languages: ["de", "en"], default_language: "de" })).status).toBe(200);
    for (const body of [{ languages: ["de", "xx"] }, { languages: ["de", "de"] }, { default_language: "ja" }, { default_language: "klingon" }, { languages: ["ja"] }]) {
      const res = await patch(projectId, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("validation_error");
    }
    const read = await s.call("GET", `/v1/admin/projects/${projectId}`, { token: s.admin.token });
    expect(read.body).toMatchObject({ languages: ["de", "en"], default_language: "de" });
  });

  it("another account cannot change them", async () => {
    const projectId = await createProject(s.call, s.admin);
    const other = await verifiedAdmin(s.call);
    const res = await patch(projectId, { languages: ["ja"], default_language: "ja" }, other.token);
    expect(res.status).toBe(404);
    const row = await pool().query("SELECT languages, default_language FROM project WHERE id = $1", [projectId]);
    expect(row.rows[0]).toEqual({ languages: [], default_language: "en" });
  });
});

describe("the play page's language", () => {
  it("takes the integrator's wish, then the host page's, then the browser's, among the offered; else the default", async () => {
    const projectId = await createProject(s.call, s.admin);
    expect(htmlLang((await playPage(projectId, "&lang=ja")).text)).toEqual(["ja", "ltr"]);
    expect(htmlLang((await playPage(projectId, "&lang=ar-EG")).text)).toEqual(["ar", "rtl"]);
    expect(htmlLang((await playPage(projectId, "", "de-AT, en;q=0.5")).text)).toEqual(["de", "ltr"]);
    expect(htmlLang((await playPage(projectId, "&host_lang=ja", "de")).text)).toEqual(["ja", "ltr"]);
    await patch(projectId, { languages: ["de", "en"], default_language: "de" });
    expect(htmlLang((await playPage(projectId, "&lang=ja&host_lang=en-GB", "de")).text)).toEqual(["en", "ltr"]); // ja not offered: the host page's
    expect(htmlLang((await playPage(projectId, "", "fr, sv")).text)).toEqual(["de", "ltr"]); // none offered: the default
    const page = (await playPage(projectId, "&lang=de")).text;
    const config = JSON.parse(/<script type="application\/json" id="playloop-config">(.*?)<\/script>/.exec(page)![1]!.replace(/\\u003c/g, "<").replace(/\\u003e/g, ">").replace(/\\u0026/g, "&"));
    expect(config).toMatchObject({ lang: "de", dir: "ltr" });
    expect(Object.keys(config.messages).length).toBeGreaterThan(100);
  });

  it("answers the catalogue a shell switches to, negotiated the same way; 404 for an unknown project", async () => {
    const projectId = await createProject(s.call, s.admin);
    const ar = await s.call("GET", `/v1/play/messages?project_id=${projectId}&lang=ar`);
    expect(ar.status).toBe(200);
    expect(ar.headers.get("vary")).toBe("Accept-Language");
    expect(ar.body).toMatchObject({ lang: "ar", dir: "rtl" });
    expect(Object.keys(ar.body.messages)).toContain("lobby.play_level");
    await patch(projectId, { languages: ["en"], default_language: "en" });
    expect((await s.call("GET", `/v1/play/messages?project_id=${projectId}&lang=ar`)).body.lang).toBe("en");
    expect((await s.call("GET", "/v1/play/messages?project_id=00000000-0000-4000-8000-000000000000&lang=ar")).status).toBe(404);
  });
});

describe("the API in the shell's language", () => {
  it("says the lobby's game name in the Accept-Language the shell sends; codes never change", async () => {
    const projectId = await createProject(s.call, s.admin, { play_mechanic: "match3_v1" });
    const key = await createApiKey(s.call, s.admin, projectId);
    const player = await newPlayer(s.call, projectId, key, "lang-player");
    const lobby = (accept: string) => s.call("GET", "/v1/lobby", { token: player.token, ip: player.ip, headers: { "accept-language": accept } });
    const english = await lobby("en");
    const pseudo = await lobby("en-XA");
    const japanese = await lobby("ja");
    expect(english.body.play.title).toBe("Gem Match");
    expect(pseudo.body.play.title).toMatch(/^⟦.*⟧$/);
    expect(japanese.body.play.title).toBe(sayIn("ja", "games.match3_v1.title"));
    expect((await lobby("sv")).body.play.title).toBe("Gem Match");
    for (const other of [pseudo, japanese]) expect({ ...other.body, server_time: null, play: { ...other.body.play, title: null } }).toEqual({ ...english.body, server_time: null, play: { ...english.body.play, title: null } });
  });
});

describe("the economy in the shell's language", () => {
  it("names Playloop's own resources, boosters and games in the Accept-Language the shell sends; what the site renamed stays as written; ids and prices never change", async () => {
    const { projectId, key } = await economyProject(s.call, s.admin);
    const player = await newPlayer(s.call, projectId, key);
    const balances = (accept: string) => s.call("GET", "/v1/economy/balances", { token: player.token, ip: player.ip, headers: { "accept-language": accept } });
    const english = (await balances("en")).body;
    const french = await balances("fr-CH, en;q=0.5");
    expect(french.status, french.text).toBe(200);
    const hammerIn = (body: { boosters: Array<{ booster_id: string }> }) => body.boosters.find((b) => b.booster_id === "gem_hammer");
    expect(hammerIn(english)).toMatchObject({ name: "Hammer", description: "Smash one gem", game: "Gem Match" });
    expect(hammerIn(french.body)).toMatchObject({ name: "Marteau", description: sayIn("fr", "economy.booster.gem_hammer.description") });
    expect(french.body.boosters.find((b: { booster_id: string }) => b.booster_id === "pairs_peek").game).toBe(sayIn("fr", "games.memory_v1.title"));
    expect(french.body.balances.map((r: { name: string }) => r.name)).toEqual([sayIn("fr", "economy.resource.tickets"), "pièces"]);
    const codes = (body: { balances: unknown[]; boosters: Array<Record<string, unknown>> }) => ({ ...body, balances: body.balances.map((r) => ({ ...(r as object), name: null })), boosters: body.boosters.map((b) => ({ ...b, name: null, description: null, game: null })) });
    expect(codes(french.body)).toEqual(codes(english));

    // the site renames the hammer and the coins: its words, in every language
    const config = { resources: [{ id: "tickets", name: "Tickets", starting_balance: 2 }, { id: "coins", name: "Sterne", starting_balance: 100 }], boosters: [{ id: "gem_hammer", name: "Vorschlaghammer", description: "Smash one gem", mechanic: "match3_v1", effect: "hammer", price: { resource_id: "coins", amount: 50 } }] };
    expect((await s.call("PATCH", `/v1/admin/projects/${projectId}/economy`, { token: s.admin.token, body: { economy_config: config } })).status).toBe(200);
    const renamed = (await balances("fr")).body;
    expect(renamed.boosters).toEqual([expect.objectContaining({ booster_id: "gem_hammer", name: "Vorschlaghammer", description: sayIn("fr", "economy.booster.gem_hammer.description") })]);
    expect(renamed.balances.map((r: { name: string }) => r.name)).toEqual([sayIn("fr", "economy.resource.tickets"), "Sterne"]);
  });

  it("is not part of a project's wording: the wording lists none of it and refuses to set it, naming where it is edited", async () => {
    const projectId = await createProject(s.call, s.admin);
    const path = `/v1/admin/projects/${projectId}/wording/de`;
    const keys = (await s.call("GET", path, { token: s.admin.token })).body.entries.map((e: { key: string }) => e.key);
    expect(keys).toContain("wheel.rules.summary");
    expect(keys.filter((k: string) => k.startsWith("economy.") || k.startsWith("wheel.default."))).toEqual([]);
    const res = await s.call("PUT", path, { token: s.admin.token, body: { overrides: { "lobby.start_over": "Neu", "economy.booster.gem_hammer.name": "Hämmerchen" } } });
    expect(res.status).toBe(422);
    expect(res.body.issues).toEqual([{ path: "overrides.economy.booster.gem_hammer.name", message: expect.stringMatching(/economy settings/) }]);
    expect((await pool().query("SELECT count(*)::int AS n FROM project_wording WHERE project_id = $1", [projectId])).rows[0].n).toBe(0);

    // one an older version stored: the shell's catalogue leaves it out, and null removes it
    await pool().query("INSERT INTO project_wording (project_id, lang, key, message, updated_at) VALUES ($1, 'de', 'wheel.default.try_again', 'Nochmal!', now())", [projectId]);
    const messages = (await s.call("GET", `/v1/play/messages?project_id=${projectId}&lang=de`)).body.messages;
    expect(messages["wheel.default.try_again"]).toEqual(sayIn("de", "wheel.default.try_again"));
    expect((await s.call("PUT", path, { token: s.admin.token, body: { overrides: { "wheel.default.try_again": null } } })).status).toBe(200);
    expect((await pool().query("SELECT count(*)::int AS n FROM project_wording WHERE project_id = $1", [projectId])).rows[0].n).toBe(0);
  });
});

describe("the loader's words", () => {
  it("come from the widget config in the first language the project offers; a malformed tag is 422", async () => {
    const projectId = await createProject(s.call, s.admin, { play_mechanic: "memory_v1" });
    const config = (query: string, accept?: string) => s.call("GET", `/v1/widget/config?project_id=${projectId}${query}`, { headers: accept ? { "accept-language": accept } : {} });
    const german = await config("&lang=de&host_lang=en");
    expect(german.status, german.text).toBe(200);
    expect(german.body).toMatchObject({ lang: "de", labels: { games: sayIn("de", "launcher.games"), open: sayIn("de", "launcher.open"), close: sayIn("de", "launcher.close") }, game: { id: "memory_v1", title: sayIn("de", "games.memory_v1.title") } });
    expect(german.body.labels.open).not.toBe("Open games");
    expect((await config("", "ja, en;q=0.5")).body.lang).toBe("ja");
    expect((await config("&host_lang=ar")).body.labels.close).toBe(sayIn("ar", "launcher.close"));
    await patch(projectId, { languages: ["en"], default_language: "en" });
    expect((await config("&lang=de")).body).toMatchObject({ lang: "en", labels: { open: "Open games" } });
    expect((await config("&lang=de_DE")).status).toBe(422);
  });
});
