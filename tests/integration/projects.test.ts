import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setClientStatus } from "../helpers/services";
import { startTestServer, type TTestServer } from "../helpers/server";
import { adminCookie, client, createProject, randomIp, uniqueEmail, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";

let server: TTestServer;
let call: TCall;
let admin: TAdmin;
beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
});
afterAll(() => server.close());

const patch = (projectId: string, body: Record<string, unknown>, who: TAdmin = admin) =>
  call("PATCH", `/v1/admin/projects/${projectId}`, { token: who.token, body });

describe("projects", () => {
  it("creates, lists and reads a project with play_settings", async () => {
    const created = await call("POST", "/v1/admin/projects", { token: admin.token, body: { name: "Shop", allowed_origins: ["https://shop.example", "http://localhost:8080"] } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "Shop", game_mode: "free_play", play_config_revision: 1, play_mechanic: null, entry_mode: "lobby" });
    const list = await call("GET", "/v1/admin/projects", { token: admin.token });
    expect(list.body.projects.map((p: { project_id: string }) => p.project_id)).toContain(created.body.project_id);
    const one = await call("GET", `/v1/admin/projects/${created.body.project_id}`, { token: admin.token });
    expect(one.body.play_settings).toEqual({ active_players_24h: 0, site_wheel_ready: false, daily_wheel_ready: false });
  });

  it("applies every project field given on create, with PATCH's checks; refuses a field that is not one; a refused create leaves nothing", async () => {
    const count = async () => Number((await call("GET", "/v1/admin/projects", { token: admin.token })).body.projects.length);
    const before = await count();
    const fields = { game_mode: "rewards", play_mechanic: "match3_v1", primary_color: "#1d4ed8", exposure_mode: "ab_test", webhook_url: "https://hooks.example/playloop", entry_mode: "lobby", lobby_wheel_enabled: false };
    const created = await call("POST", "/v1/admin/projects", { token: admin.token, body: { name: "Full", allowed_origins: ["https://shop.example"], ...fields } });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ name: "Full", ...fields, primary_color: "#1d4ed8", play_config_revision: 1 });
    const read = await call("GET", `/v1/admin/projects/${created.body.project_id}`, { token: admin.token });
    expect(read.body).toMatchObject(fields);
    // A field that is not a project field is named, never dropped; a create PATCH would refuse creates nothing.
    const unknown = await call("POST", "/v1/admin/projects", { token: admin.token, body: { name: "X", allowed_origins: [], colour: "#fff" } });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body.issues)).toContain("colour");
    for (const [body, code] of [
      [{ play_mechanic: "tetris_v9" }, "mechanic_unavailable"],
      [{ active_template_id: "streak_v1" }, "mode_not_allowed"],
      [{ entry_mode: "wheel_only" }, "wheel_config_missing"],
      [{ primary_color: "red" }, "validation_error"],
    ] as const) {
      const res = await call("POST", "/v1/admin/projects", { token: admin.token, body: { name: "Refused", allowed_origins: [], ...body } });
      expect({ body, code: res.body.code }).toEqual({ body, code });
    }
    expect(await count()).toBe(before + 1);
    // PATCH names an unknown field too.
    expect((await patch(created.body.project_id, { nmae: "typo" })).status).toBe(422);
  });

  it("rejects origins with a path or a bad scheme", async () => {
    const res = await call("POST", "/v1/admin/projects", { token: admin.token, body: { name: "X", allowed_origins: ["https://shop.example/path"] } });
    expect(res.status).toBe(422);
    expect((await call("POST", "/v1/admin/projects", { token: admin.token, body: { name: "X", allowed_origins: ["ftp://x.example"] } })).status).toBe(422);
  });

  it("hides foreign projects behind 404 on every project route", async () => {
    const projectId = await createProject(call, admin);
    const other = await verifiedAdmin(call);
    for (const [method, path, body] of [
      ["GET", `/v1/admin/projects/${projectId}`],
      ["PATCH", `/v1/admin/projects/${projectId}`, { name: "stolen" }],
      ["GET", `/v1/admin/projects/${projectId}/embed`],
      ["GET", `/v1/admin/projects/${projectId}/api-keys`],
      ["POST", `/v1/admin/projects/${projectId}/api-keys`, { name: "k", scopes: ["session:issue"] }],
      ["DELETE", `/v1/admin/projects/${projectId}/api-keys/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      const res = await call(method, path, { token: other.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect((await call("GET", "/v1/admin/projects", { token: other.token })).body.projects).toEqual([]);
  });
});

describe("project PATCH rules", () => {
  it("bumps play_config_revision by exactly one on an actual play-setting change, never on a same value", async () => {
    const id = await createProject(call, admin);
    const r1 = await patch(id, { primary_color: "#ff0000" });
    expect(r1.body.play_config_revision).toBe(2);
    expect(r1.body.accent_color).not.toBe("#ff0000"); // darkened for contrast
    const same = await patch(id, { primary_color: "#FF0000" });
    expect(same.body.play_config_revision).toBe(2);
    const nonPlay = await patch(id, { name: "Renamed", webhook_url: "https://hooks.example/playloop", exposure_mode: "ab_test" });
    expect(nonPlay.body.play_config_revision).toBe(2);
    expect(nonPlay.body.name).toBe("Renamed");
    const two = await patch(id, { game_mode: "rewards", primary_color: "#00ff00" });
    expect(two.body.play_config_revision).toBe(3);
  });

  it("commits the audit entry with metadata.play_settings together with the change", async () => {
    const id = await createProject(call, admin);
    await patch(id, { game_mode: "rewards" });
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    const { rows } = await c.query("SELECT metadata FROM audit_log WHERE project_id = $1 AND action = 'project.updated'", [id]);
    await c.end();
    expect(rows).toHaveLength(1);
    expect(rows[0].metadata.play_settings).toMatchObject({ changed: ["game_mode"], before: { game_mode: "free_play" }, after: { game_mode: "rewards" }, play_config_revision: 2 });
  });

  it("concurrent changes each bump the revision exactly once", async () => {
    const id = await createProject(call, admin);
    const colours = ["#111111", "#222222", "#333333", "#444444", "#555555", "#666666"];
    await Promise.all(colours.map((c) => patch(id, { primary_color: c })));
    const res = await call("GET", `/v1/admin/projects/${id}`, { token: admin.token });
    expect(res.body.play_config_revision).toBe(1 + colours.length);
  });

  it("answers mechanic_unavailable with a reason for an unknown or unbuilt game, and changes nothing", async () => {
    const id = await createProject(call, admin);
    const unknown = await patch(id, { play_mechanic: "tetris_v9" });
    expect(unknown.status).toBe(409);
    expect(unknown.body).toMatchObject({ code: "mechanic_unavailable", reason: "unknown" });
    const restore = setClientStatus(() => "not_built");
    try {
      const unbuilt = await patch(id, { play_mechanic: "match3_v1", name: "should not stick" });
      expect(unbuilt.body).toMatchObject({ code: "mechanic_unavailable", reason: "not_built" });
    } finally {
      restore();
    }
    const after = await call("GET", `/v1/admin/projects/${id}`, { token: admin.token });
    expect(after.body).toMatchObject({ play_mechanic: null, name: "Test shop", play_config_revision: 1 });
  });

  it("selects a built mechanic, and a legacy template clears it", async () => {
    const id = await createProject(call, admin);
    const m = await patch(id, { play_mechanic: "memory_v1" });
    expect(m.status).toBe(200);
    expect(m.body).toMatchObject({ play_mechanic: "memory_v1", play_config_revision: 2 });
    const t = await patch(id, { active_template_id: "streak_v1", game_mode: "rewards" });
    expect(t.body).toMatchObject({ play_mechanic: null, active_template_id: "streak_v1", play_config_revision: 3 });
    expect((await patch(id, { play_mechanic: "match3_v1", active_template_id: "streak_v1" })).status).toBe(422);
  });

  it("answers mode_not_allowed when the game does not support the mode", async () => {
    const id = await createProject(call, admin);
    const res = await patch(id, { active_template_id: "streak_v1" }); // streak needs rewards; project is free_play
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "mode_not_allowed", allowed_modes: ["rewards"] });
  });

  it("answers wheel_config_missing for wheel settings without a published wheel", async () => {
    const id = await createProject(call, admin);
    expect((await patch(id, { entry_mode: "wheel_only" })).body.code).toBe("wheel_config_missing");
    expect((await patch(id, { lobby_wheel_enabled: true })).body.code).toBe("wheel_config_missing");
    expect((await patch(id, { entry_mode: "lobby", lobby_wheel_enabled: false })).body.play_config_revision).toBe(1);
  });

  it("counts a project's money in an ISO 4217 currency: US dollars first, then the account's latest project's; changed by PATCH, refused when it is not one", async () => {
    const owner = await verifiedAdmin(call);
    const first = await call("POST", "/v1/admin/projects", { token: owner.token, body: { name: "First" } });
    expect(first.body.currency).toBe("USD");
    const yen = await patch(first.body.project_id, { currency: "JPY" }, owner);
    expect(yen.status).toBe(200);
    expect(yen.body).toMatchObject({ currency: "JPY", play_config_revision: 1 }); // not a play setting
    // The account's next project starts in the currency its latest one uses; given, the field wins.
    const second = await call("POST", "/v1/admin/projects", { token: owner.token, body: { name: "Second" } });
    expect(second.body.currency).toBe("JPY");
    const third = await call("POST", "/v1/admin/projects", { token: owner.token, body: { name: "Third", currency: "EUR" } });
    expect(third.body.currency).toBe("EUR");
    expect((await call("GET", `/v1/admin/projects/${third.body.project_id}`, { token: owner.token })).body.currency).toBe("EUR");
    for (const currency of ["usd", "XYZ", "EURO", "", 978]) {
      const res = await patch(first.body.project_id, { currency }, owner);
      expect(res.status, String(currency)).toBe(422);
      expect(res.body.code).toBe("validation_error");
    }
    expect((await call("GET", `/v1/admin/projects/${first.body.project_id}`, { token: owner.token })).body.currency).toBe("JPY");
    // Another account's projects start from their own history, not this one's.
    expect((await call("POST", "/v1/admin/projects", { token: admin.token, body: { name: "Elsewhere" } })).body.currency).not.toBe("JPY");
  });

  it("validates field shapes", async () => {
    const id = await createProject(call, admin);
    for (const body of [{ primary_color: "red" }, { game_mode: "casino" }, { entry_mode: "popup" }, { webhook_url: "javascript:alert(1)" }, { exposure_mode: "sometimes" }, { name: "" }]) {
      const res = await patch(id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("validation_error");
    }
  });
});

describe("API keys, embed, templates", () => {
  it("creates a key whose secret is shown once and stored only as a hash; lists without secrets; revokes", async () => {
    const id = await createProject(call, admin);
    const created = await call("POST", `/v1/admin/projects/${id}/api-keys`, { token: admin.token, body: { name: "backend", scopes: ["session:issue", "events:write"] } });
    expect(created.status).toBe(200);
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^plk_/);
    const list = await call("GET", `/v1/admin/projects/${id}/api-keys`, { token: admin.token });
    expect(list.text).not.toContain(secret);
    expect(list.body.api_keys[0]).toMatchObject({ name: "backend", scopes: ["session:issue", "events:write"], revoked_at: null });
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    const { rows } = await c.query("SELECT key_hash FROM api_key WHERE project_id = $1", [id]);
    await c.end();
    expect(rows[0].key_hash).not.toContain(secret.slice(4));
    const revoked = await call("DELETE", `/v1/admin/projects/${id}/api-keys/${created.body.api_key.key_id}`, { token: admin.token });
    expect(revoked.body).toEqual({ revoked: true });
    const use = await call("POST", "/v1/server/session-token", { token: secret, body: { project_id: id, external_user_id: "u1" } });
    expect(use.status).toBe(401);
  });

  it("refuses unknown scopes", async () => {
    const id = await createProject(call, admin);
    expect((await call("POST", `/v1/admin/projects/${id}/api-keys`, { token: admin.token, body: { name: "x", scopes: ["admin:all"] } })).status).toBe(422);
    expect((await call("POST", `/v1/admin/projects/${id}/api-keys`, { token: admin.token, body: { name: "x", scopes: [] } })).status).toBe(422);
  });

  it("returns an embed snippet with the loader and the project id", async () => {
    const id = await createProject(call, admin);
    const res = await call("GET", `/v1/admin/projects/${id}/embed`, { token: admin.token });
    expect(res.body.snippet).toContain("/v1/widget.js");
    expect(res.body.snippet).toContain(`data-project-id="${id}"`);
    expect(res.body.instructions.length).toBeGreaterThan(1);
  });

  it("lists templates with client status, modes and usage", async () => {
    const restore = setClientStatus((id) => (id === "parcel_pilot_v1" ? "not_built" : "ready"));
    try {
      const res = await call("GET", "/v1/admin/templates", { token: admin.token });
      const byId = Object.fromEntries(res.body.templates.map((t: { id: string }) => [t.id, t]));
      expect(byId.match3_v1).toMatchObject({ engine: "run", client_status: "ready", selectable: true, allowed_modes: ["free_play", "rewards"] });
      expect(byId.parcel_pilot_v1).toMatchObject({ client_status: "not_built", selectable: false });
      expect(byId.wheel).toBeUndefined();
    } finally {
      restore();
    }
  });
});

describe("admin widget preview", () => {
  it("renders the owner's lobby preview with a colour override that is never saved", async () => {
    const id = await createProject(call, admin);
    await patch(id, { play_mechanic: "memory_v1" });
    const res = await call("GET", `/v1/admin/widget-preview?project_id=${id}&mode=preview&primary_color=%23ff0000`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.text).toContain('data-testid="widget-preview"');
    expect(res.text).toContain("Memory Pairs");
    const accent = /data-accent="(#[0-9a-f]{6})"/.exec(res.text)![1];
    expect(accent).not.toBe("#4f46e5");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'self' http://localhost:3000");
    expect(csp).toContain("default-src 'none'");
    const after = await call("GET", `/v1/admin/projects/${id}`, { token: admin.token });
    expect(after.body).toMatchObject({ primary_color: "#4f46e5", play_config_revision: 2 });
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    const runs = await c.query("SELECT count(*)::int AS n FROM game_run WHERE project_id = $1", [id]);
    await c.end();
    expect(runs.rows[0].n).toBe(0);
  });

  it("needs the owner's verified session; refuses tokens in the URL and bad parameters", async () => {
    const id = await createProject(call, admin);
    const url = `/v1/admin/widget-preview?project_id=${id}&mode=preview`;
    expect((await call("GET", url)).status).toBe(401);
    const other = await verifiedAdmin(call);
    expect((await call("GET", url, { token: other.token })).status).toBe(404);
    const ip = randomIp();
    const email = uniqueEmail();
    const signup = await call("POST", "/v1/admin/auth/signup", { ip, body: { email, password: "correct horse battery" } });
    const unverified = await call("GET", url, { cookie: adminCookie(signup.headers)! });
    expect(unverified.status).toBe(403);
    expect(unverified.body.code).toBe("two_factor_required");
    expect((await call("GET", `/v1/admin/widget-preview?project_id=${id}`, { token: admin.token })).status).toBe(422);
    expect((await call("GET", `${url}&session_token=abc`, { token: admin.token })).status).toBe(422);
    expect((await call("GET", `${url}&primary_color=red`, { token: admin.token })).status).toBe(422);
  });
});
