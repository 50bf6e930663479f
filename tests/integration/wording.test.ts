import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { EN } from "@/i18n/catalogue/en";
import { isProjectWordingKey } from "@/i18n/check-wording";
import { createProject, verifiedAdmin } from "../helpers/api";
import { serverSuite } from "../helpers/suite";

/**
 * A project's own wording: an admin rewrites some messages per language (checked against the
 * original's values and the language's plurals, all or nothing), the play page and its catalogue
 * route carry them over the catalogue, null goes back to the catalogue, and another account can
 * neither read nor write them.
 */
const s = serverSuite();
const path = (projectId: string, lang: string) => `/v1/admin/projects/${projectId}/wording/${lang}`;
const put = (projectId: string, lang: string, overrides: Record<string, string | null>, token = s.admin.token) => s.call("PUT", path(projectId, lang), { token, body: { overrides } });
const own = async (projectId: string, lang: string) =>
  Object.fromEntries((await pool().query("SELECT key, message FROM project_wording WHERE project_id = $1 AND lang = $2", [projectId, lang])).rows.map((r) => [r.key, r.message]));
const pageMessages = async (projectId: string, lang: string) => {
  const page = (await s.call("GET", `/v1/play?project_id=${projectId}&mode=play&lang=${lang}`)).text;
  const json = /<script type="application\/json" id="playloop-config">(.*?)<\/script>/.exec(page)![1]!.replace(/\\u003c/g, "<").replace(/\\u003e/g, ">").replace(/\\u0026/g, "&");
  return JSON.parse(json).messages as Record<string, unknown>;
};

describe("a project's own wording", () => {
  it("lists every key with its note, the English, the catalogue's text and the project's own", async () => {
    const projectId = await createProject(s.call, s.admin);
    const res = await s.call("GET", path(projectId, "de"), { token: s.admin.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.entries).toHaveLength(Object.keys(EN).filter(isProjectWordingKey).length);
    expect(res.body.entries.find((e: { key: string }) => e.key === "lobby.play_level")).toMatchObject({ source: "Play level {level}", own: null, note: expect.stringMatching(/button/) });
    expect((await s.call("GET", path(projectId, "xx"), { token: s.admin.token })).status).toBe(422);
  });

  it("sets messages, which the play page and the catalogue route carry in that language only; null goes back to the catalogue", async () => {
    const projectId = await createProject(s.call, s.admin, { play_mechanic: "match3_v1" });
    const set = await put(projectId, "de", { "games.match3_v1.title": "Juwelen-Jagd", "lobby.play_level": "Los: Level {level}" });
    expect(set.status, set.text).toBe(200);
    expect(set.body.entries.find((e: { key: string }) => e.key === "games.match3_v1.title").own).toBe("Juwelen-Jagd");
    expect((await pageMessages(projectId, "de"))["games.match3_v1.title"]).toBe("Juwelen-Jagd");
    expect((await pageMessages(projectId, "en"))["games.match3_v1.title"]).toBe("Gem Match");
    const switched = await s.call("GET", `/v1/play/messages?project_id=${projectId}&lang=de`);
    expect(JSON.stringify(switched.body.messages["lobby.play_level"])).toContain("Los: Level ");
    const audit = await pool().query("SELECT metadata FROM audit_log WHERE project_id = $1 AND action = 'project.wording_updated'", [projectId]);
    expect(audit.rows[0].metadata).toEqual({ lang: "de", set: ["games.match3_v1.title", "lobby.play_level"], removed: [] });
    expect((await put(projectId, "de", { "lobby.play_level": null })).status).toBe(200);
    expect(await own(projectId, "de")).toEqual({ "games.match3_v1.title": "Juwelen-Jagd" });
  });

  it("refuses a message that lost a value, a plural without the language's categories, bad syntax or an unknown key — and writes none of the batch", async () => {
    const projectId = await createProject(s.call, s.admin);
    await put(projectId, "ar", { "lobby.start_over": "ابدأ من جديد" });
    const res = await put(projectId, "ar", {
      "lobby.title_fallback": "ألعابنا",
      "lobby.play_level": "العب الآن",
      "lobby.progress.levels": "{done} / {total, plural, one {# مرحلة} other {# مراحل}}",
      "lobby.try_again": "حاول {",
      "lobby.nope": "x",
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_error");
    const paths = res.body.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(["overrides.lobby.play_level", "overrides.lobby.progress.levels", "overrides.lobby.try_again", "overrides.lobby.nope"]);
    expect(res.body.issues[0].message).toMatch(/lacks \{level\}/);
    expect(await own(projectId, "ar")).toEqual({ "lobby.start_over": "ابدأ من جديد" });
  });

  it("is another account's project: 404 to read or write, nothing written", async () => {
    const projectId = await createProject(s.call, s.admin);
    const other = await verifiedAdmin(s.call);
    expect((await s.call("GET", path(projectId, "de"), { token: other.token })).status).toBe(404);
    expect((await put(projectId, "de", { "lobby.start_over": "Neu" }, other.token)).status).toBe(404);
    expect(await own(projectId, "de")).toEqual({});
  });
});
