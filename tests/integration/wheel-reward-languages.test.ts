import { describe, expect, it } from "vitest";
import { sayIn } from "@/i18n/catalogue";
import { LANGUAGE_CODES } from "@/i18n/languages";
import { pool } from "@/server/db/client";
import { createProject, verifiedAdmin } from "../helpers/api";
import { newPlayer } from "../helpers/play";
import { createCampaign, rewardsProject, winLevel } from "../helpers/rewards";
import { serverSuite } from "../helpers/suite";
import { publishDraft, TEST_SEGMENTS, wheelAdmin, wheelProject } from "../helpers/wheel";

/**
 * The words a player reads that the site writes, per language: the wheel's rules (legal text — the
 * wheel speaks only a language they are written in, else the rules' own, never a mix) and its
 * segment labels; a campaign's message to winners; the reward status's label from the catalogue.
 */
const s = serverSuite({ receiver: true });
const GERMAN_RULES = "Ein Gratis-Dreh pro Tag. Preise werden sofort gutgeschrieben.";
const wheelOf = (player: { token: string }, accept: string | null, query = "") =>
  s.call("GET", `/v1/wheel?wheel_id=daily${query}`, { token: player.token, headers: accept ? { "accept-language": accept } : {} });

async function bilingualWheel(projectPatch: Record<string, unknown> = {}) {
  const segments = TEST_SEGMENTS.map((seg) => (seg.id === "try_again" ? { ...seg, label_translations: { de: "Nochmal versuchen" } } : seg));
  const w = await wheelProject(s.call, s.admin, {
    project: projectPatch,
    patch: { segments, resource_costs_minor: { tickets: 10, coins: 1 }, rules: { text: "One free spin a day.", language: "en", translations: { de: GERMAN_RULES }, organizer: { name: "Shop" } } },
  });
  return { ...w, player: await newPlayer(s.call, w.projectId, w.key) };
}

describe("the wheel's rules and labels per language", () => {
  it("speak the shell's language when the rules are written in it, else the rules' own language, never a mix", async () => {
    const { player } = await bilingualWheel();
    const de = await wheelOf(player, "de");
    expect(de.status, de.text).toBe(200);
    expect(de.body.rules).toMatchObject({ text: GERMAN_RULES, lang: "de", languages: ["en", "de"] });
    expect(de.body.segments.find((x: { id: string }) => x.id === "try_again").label).toBe("Nochmal versuchen");
    expect(de.body.segments.find((x: { id: string }) => x.id === "coins_10").label).toBe("10 coins"); // no translation: as written
    // Japanese has no rules: the whole wheel speaks English (the rules' own language)
    const ja = await wheelOf(player, "ja");
    expect(ja.body.rules).toMatchObject({ text: "One free spin a day.", lang: "en" });
    expect(ja.body.segments.find((x: { id: string }) => x.id === "try_again").label).toBe("Try again");
    // a regional tag matches its language; `lang` comes before Accept-Language; no header: the rules' own
    expect((await wheelOf(player, "de-AT, ja;q=0.5")).body.rules.lang).toBe("de");
    expect((await wheelOf(player, "ja", "&lang=de")).body.rules.lang).toBe("de");
    expect((await wheelOf(player, null)).body.rules.lang).toBe("en");
    // the pseudo-locale (tests of the shell) reads the English rules
    expect((await wheelOf(player, "en-XA")).body.rules).toMatchObject({ lang: "en-XA", text: "One free spin a day." });
    // the weights stay secret whatever the language
    expect(JSON.stringify(de.body)).not.toContain("weight\"");
  });

  it("starts a new wheel with its rules and labels in every language; takes the project's default as the rules' own when a draft names none", async () => {
    const fresh = await wheelProject(s.call, s.admin);
    const player = await newPlayer(s.call, fresh.projectId, fresh.key);
    const ja = (await wheelOf(player, "ja")).body;
    expect(ja.rules).toMatchObject({ lang: "ja", text: sayIn("ja", "wheel.default.rules") });
    expect(ja.rules.languages).toEqual(["en", ...LANGUAGE_CODES.filter((c) => c !== "en")]);
    expect(ja.segments.find((x: { id: string }) => x.id === "try_again").label).toBe(sayIn("ja", "wheel.default.try_again"));
    const bare = await wheelProject(s.call, s.admin, { project: { languages: ["de", "en"], default_language: "de" }, patch: { rules: { text: GERMAN_RULES, organizer: { name: "Shop" } } } });
    const p = await newPlayer(s.call, bare.projectId, bare.key);
    expect((await wheelOf(p, "ja")).body.rules).toMatchObject({ text: GERMAN_RULES, lang: "de", languages: ["de"] });
  });

  it("refuses rules whose own language the project does not offer, a translation of the rules' own language and a code the shell does not speak, and saves nothing", async () => {
    const projectId = await createProject(s.call, s.admin);
    expect((await s.call("PATCH", `/v1/admin/projects/${projectId}`, { token: s.admin.token, body: { languages: ["de", "en"], default_language: "de" } })).status).toBe(200);
    const w = wheelAdmin(s.call, s.admin, projectId);
    const before = (await w.draft()).body;
    const draft = before.draft;
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ rules: { ...draft.rules, language: "ja" } }, "rules.language"],
      [{ rules: { ...draft.rules, language: "de", translations: { de: "Doppelt" } } }, "rules.translations.de"],
      [{ rules: { ...draft.rules, translations: { xx: "?" } } }, "rules.translations.xx"],
      [{ rules: { ...draft.rules, language: "de", translations: { en: "  " } } }, "rules.translations.en"],
      [{ segments: draft.segments.map((seg: Record<string, unknown>, i: number) => (i === 0 ? { ...seg, label_translations: { tlh: "?" } } : seg)) }, "segments.0.label_translations.tlh"],
      [{ segments: draft.segments.map((seg: Record<string, unknown>, i: number) => (i === 0 ? { ...seg, label_translations: { de: "x".repeat(41) } } : seg)) }, "segments.0.label_translations.de"],
    ];
    for (const [patch, path] of bad) {
      const res = await w.saveDraft({ ...draft, ...patch });
      expect(res.status, path).toBe(422);
      expect(res.body.code).toBe("validation_error");
      expect(res.body.issues.map((i: { path: string }) => i.path), path).toContain(path);
    }
    expect((await w.draft()).body.draft_hash).toBe(before.draft_hash);
    // a translation into a language the project does not offer is kept, unused
    expect((await w.saveDraft({ ...draft, rules: { ...draft.rules, language: "de", text: GERMAN_RULES, translations: { ja: "毎日一回無料" } } })).status).toBe(200);
    // the default draft's English rules cannot be published (nor saved) once the project stops offering English
    const reset = await w.saveDraft(draft);
    expect(reset.status, reset.text).toBe(200);
    expect((await s.call("PATCH", `/v1/admin/projects/${projectId}`, { token: s.admin.token, body: { languages: ["de"], default_language: "de" } })).status).toBe(200);
    expect((await w.saveDraft(draft)).status).toBe(422);
    const publish = await w.publish(reset.body.draft_hash);
    expect(publish.status).toBe(422);
    expect(publish.body.issues.map((i: { path: string }) => i.path)).toEqual(["rules.language"]);
    const { de: _german, ...others } = draft.rules.translations;
    const ok = await publishDraft(s.call, s.admin, projectId, { rules: { ...draft.rules, language: "de", text: GERMAN_RULES, translations: others } });
    expect(ok.version).toBe(1);
  });
});

describe("a reward's words per language", () => {
  it("answers the status's label in the shell's language and the campaign's message in it, never another language's", async () => {
    const { projectId, key } = await rewardsProject(s.call, s.admin, { webhookUrl: s.receiver.url });
    await createCampaign(s.call, s.admin, projectId, { player_message: { de: "10 % Rabatt auf deine nächste Bestellung", en: "10% off your next order" } });
    const { player, runId } = await winLevel(s.call, projectId, key);
    const status = (accept: string) => s.call("GET", `/v1/game-runs/${runId}/reward`, { token: player.token, headers: { "accept-language": accept } });
    const de = await status("de");
    expect(de.status, de.text).toBe(200);
    expect(de.body).toMatchObject({ label_key: `reward.status.${de.body.status}`, lang: "de", message: "10 % Rabatt auf deine nächste Bestellung" });
    expect(de.body.label).toMatch(/Belohnung/);
    const en = await status("en");
    expect(en.body).toMatchObject({ lang: "en", message: "10% off your next order" });
    expect(en.body.label).toMatch(/reward/i);
    const ja = await status("ja");
    expect(ja.body).toMatchObject({ lang: "ja", message: null });
    expect(ja.body.label).toMatch(/特典/);
    // the project's own wording of the label wins over the catalogue's
    const own = `Dein Preis: ${de.body.status}`;
    const put = await s.call("PUT", `/v1/admin/projects/${projectId}/wording/de`, { token: s.admin.token, headers: { origin: "http://localhost:3000" }, body: { overrides: { [de.body.label_key]: own } } });
    expect(put.status, put.text).toBe(200);
    expect((await status("de")).body.label).toBe(own);
  });

  it("keeps a campaign's messages in languages the project offers, up to 140 characters, and a PATCH replaces them", async () => {
    const projectId = await createProject(s.call, s.admin);
    expect((await s.call("PATCH", `/v1/admin/projects/${projectId}`, { token: s.admin.token, body: { languages: ["de", "en"], default_language: "de" } })).status).toBe(200);
    const c = await createCampaign(s.call, s.admin, projectId, { player_message: { de: "Gratis Versand" } });
    expect(c.player_message).toEqual({ de: "Gratis Versand" });
    const path = `/v1/admin/projects/${projectId}/campaigns/${c.campaign_id}`;
    for (const player_message of [{ ja: "送料無料" }, { de: "x".repeat(141) }, { de: "" }, { "not a tag": "x" }]) {
      const res = await s.call("PATCH", path, { token: s.admin.token, body: { player_message } });
      expect(res.status, JSON.stringify(player_message)).toBe(422);
      expect(res.body.code).toBe("validation_error");
    }
    const row = await pool().query("SELECT player_message FROM campaign WHERE id = $1", [c.campaign_id]);
    expect(row.rows[0].player_message).toEqual({ de: "Gratis Versand" });
    const replaced = await s.call("PATCH", path, { token: s.admin.token, body: { player_message: { en: "Free shipping" } } });
    expect(replaced.body.player_message).toEqual({ en: "Free shipping" });
    // another account cannot read or change them
    const other = await verifiedAdmin(s.call);
    expect((await s.call("PATCH", path, { token: other.token, body: { player_message: {} } })).status).toBe(404);
    expect((await pool().query("SELECT player_message FROM campaign WHERE id = $1", [c.campaign_id])).rows[0].player_message).toEqual({ en: "Free shipping" });
  });
});
