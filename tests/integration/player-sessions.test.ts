import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, createApiKey, createProject, randomIp, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { db } from "@/server/db/client";
import { advanceClock } from "@/server/lib/clock";

let server: TTestServer;
let call: TCall;
let admin: TAdmin;
beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
});
afterAll(() => server.close());

describe("POST /v1/server/session-token", () => {
  it("issues a verified session with a session:issue key of the same project, by any of the three headers", async () => {
    const projectId = await createProject(call, admin);
    const key = await createApiKey(call, admin, projectId);
    const body = { project_id: projectId, external_user_id: "user-42", ttl_seconds: 600 };
    for (const headers of [{ authorization: `Bearer ${key}` }, { "x-service-server-key": key }, { "x-legacy-server-key": key }] as Array<Record<string, string>>) {
      const res = await call("POST", "/v1/server/session-token", { headers: { ...headers, "x-forwarded-for": randomIp() }, body });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ subject_type: "verified", external_user_id: "user-42" });
      const ttl = (new Date(res.body.expires_at).getTime() - Date.now()) / 1000;
      expect(ttl).toBeGreaterThan(590);
      expect(ttl).toBeLessThan(610);
    }
  });

  it("refuses a key without the scope (403), of another project (403), and a bad ttl (422)", async () => {
    const projectId = await createProject(call, admin);
    const otherProject = await createProject(call, admin);
    const eventsKey = await createApiKey(call, admin, projectId, ["events:write"]);
    const issueKey = await createApiKey(call, admin, projectId);
    const noScope = await call("POST", "/v1/server/session-token", { token: eventsKey, body: { project_id: projectId, external_user_id: "u" } });
    expect(noScope.status).toBe(403);
    expect(noScope.body.code).toBe("insufficient_scope");
    const wrongProject = await call("POST", "/v1/server/session-token", { token: issueKey, body: { project_id: otherProject, external_user_id: "u" } });
    expect(wrongProject.status).toBe(403);
    expect((await call("POST", "/v1/server/session-token", { token: issueKey, body: { project_id: projectId, external_user_id: "u", ttl_seconds: 10 } })).status).toBe(422);
    expect((await call("POST", "/v1/server/session-token", { token: issueKey, body: { project_id: projectId, external_user_id: "anon_fake" } })).status).toBe(422);
  });

  it("limits issuing to 30 per minute per project and network address", async () => {
    const projectId = await createProject(call, admin);
    const key = await createApiKey(call, admin, projectId);
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await call("POST", "/v1/server/session-token", { token: key, ip, body: { project_id: projectId, external_user_id: `u${i}` } })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is unaffected.
    expect((await call("POST", "/v1/server/session-token", { token: key, ip: randomIp(), body: { project_id: projectId, external_user_id: "x" } })).status).toBe(200);
  });
});

describe("POST /v1/widget/session", () => {
  it("issues a stable anon_ identity per anonymous_id", async () => {
    const projectId = await createProject(call, admin, { allowed_origins: [] });
    const ip = randomIp();
    const a1 = await call("POST", "/v1/widget/session", { ip, body: { project_id: projectId, anonymous_id: "browser-aaaa-1111" } });
    const a2 = await call("POST", "/v1/widget/session", { ip, body: { project_id: projectId, anonymous_id: "browser-aaaa-1111" } });
    const b = await call("POST", "/v1/widget/session", { ip, body: { project_id: projectId, anonymous_id: "browser-bbbb-2222" } });
    expect(a1.status).toBe(200);
    expect(a1.body.subject_type).toBe("anonymous");
    expect(a1.body.external_user_id).toMatch(/^anon_/);
    expect(a2.body.external_user_id).toBe(a1.body.external_user_id);
    expect(b.body.external_user_id).not.toBe(a1.body.external_user_id);
  });

  it("needs an allowed Origin unless the game mode is free_play", async () => {
    const projectId = await createProject(call, admin, { allowed_origins: ["https://shop.example"] });
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { game_mode: "rewards" } });
    const body = { project_id: projectId, anonymous_id: "browser-cccc-3333" };
    const none = await call("POST", "/v1/widget/session", { ip: randomIp(), body });
    expect(none.status).toBe(403);
    expect(none.body.code).toBe("origin_not_allowed");
    expect((await call("POST", "/v1/widget/session", { ip: randomIp(), body, headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect((await call("POST", "/v1/widget/session", { ip: randomIp(), body, headers: { origin: "https://shop.example" } })).status).toBe(200);
    // An empty list denies every mode except free_play.
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { allowed_origins: [] } });
    expect((await call("POST", "/v1/widget/session", { ip: randomIp(), body, headers: { origin: "https://shop.example" } })).status).toBe(403);
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { game_mode: "free_play" } });
    expect((await call("POST", "/v1/widget/session", { ip: randomIp(), body, headers: { origin: "https://anything.example" } })).status).toBe(200);
  });

  it("binds free play to a non-empty allowed_origins list too", async () => {
    const projectId = await createProject(call, admin, { allowed_origins: ["https://shop.example"] });
    const body = { project_id: projectId, anonymous_id: "browser-ffff-6666" };
    for (const headers of [{}, { origin: "https://evil.example" }] as Array<Record<string, string>>) {
      const res = await call("POST", "/v1/widget/session", { ip: randomIp(), body, headers });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("origin_not_allowed");
    }
    expect((await call("POST", "/v1/widget/session", { ip: randomIp(), body, headers: { origin: "https://shop.example" } })).status).toBe(200);
  });

  it("answers 404 for an unknown project and 422 for a bad anonymous_id", async () => {
    expect((await call("POST", "/v1/widget/session", { body: { project_id: "00000000-0000-4000-8000-000000000000", anonymous_id: "browser-dddd-4444" } })).status).toBe(404);
    const projectId = await createProject(call, admin);
    expect((await call("POST", "/v1/widget/session", { body: { project_id: projectId, anonymous_id: "x" } })).status).toBe(422);
  });

  it("allows cross-origin calls without credentials", async () => {
    const res = await call("OPTIONS", "/v1/widget/session", { headers: { origin: "https://shop.example", "access-control-request-method": "POST" } });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });
});

describe("widget config and exposure", () => {
  it("serves public config in preview without a session and play with one (bearer or legacy query)", async () => {
    const projectId = await createProject(call, admin);
    const preview = await call("GET", `/v1/widget/config?project_id=${projectId}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ project_id: projectId, mode: "preview", game_mode: "free_play", config_revision: 1 });
    expect(preview.text).not.toMatch(/webhook|allowed_origins|experiment/);
    const s = await call("POST", "/v1/widget/session", { ip: randomIp(), headers: { origin: "https://shop.example" }, body: { project_id: projectId, anonymous_id: "browser-eeee-5555" } });
    expect((await call("GET", `/v1/widget/config?project_id=${projectId}`, { token: s.body.session_token })).body.mode).toBe("play");
    const legacy = await call("GET", `/v1/widget/config?project_id=${projectId}&session_token=${s.body.session_token}`);
    expect(legacy.body.mode).toBe("play");
    expect(legacy.headers.get("referrer-policy")).toBe("no-referrer");
    expect((await call("GET", `/v1/widget/config?project_id=${projectId}&session_token=garbage`)).status).toBe(401);
  });

  it("assigns a stable cohort per player in ab_test mode; without a session it is a pure read", async () => {
    const projectId = await createProject(call, admin);
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { exposure_mode: "ab_test" } });
    const cohorts = new Map<string, string>();
    const ip = randomIp();
    for (let i = 0; i < 40; i++) {
      const res = await call("GET", `/v1/widget/exposure?project_id=${projectId}&external_user_id=user-${i}`, { ip });
      expect(res.status).toBe(200);
      expect(res.body.show_widget).toBe(res.body.cohort === "treatment");
      expect(res.body.recorded).toBe(false);
      cohorts.set(`user-${i}`, res.body.cohort);
    }
    expect(new Set(cohorts.values())).toEqual(new Set(["treatment", "control"]));
    for (let i = 0; i < 5; i++) {
      const again = await call("GET", `/v1/widget/exposure?project_id=${projectId}&external_user_id=user-${i}`, { ip });
      expect(again.body.cohort).toBe(cohorts.get(`user-${i}`));
    }
    // Anonymous GETs never grew the table.
    expect(await db().experimentCohort.count({ where: { projectId } })).toBe(0);
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { exposure_mode: "off" } });
    expect((await call("GET", `/v1/widget/exposure?project_id=${projectId}&external_user_id=user-1`, { ip })).body).toMatchObject({ show_widget: false, cohort: "off" });
    expect((await call("GET", `/v1/widget/exposure?project_id=${projectId}`, { ip })).status).toBe(422);
  });

  it("records a widget session's exposure for its own player, once per visit", async () => {
    const projectId = await createProject(call, admin, { allowed_origins: [] });
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { exposure_mode: "ab_test" } });
    const s = await call("POST", "/v1/widget/session", { ip: randomIp(), body: { project_id: projectId, anonymous_id: "browser-exp-0001" } });
    const me = s.body.external_user_id as string;
    const ip = randomIp();
    // The query's external_user_id cannot redirect a session's write to someone else; `recorded`
    // is true for the call that counted the visit only.
    const recorded: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call("GET", `/v1/widget/exposure?project_id=${projectId}&external_user_id=victim`, { ip, token: s.body.session_token });
      recorded.push(res.body.recorded);
    }
    expect(recorded).toEqual([true, false, false]);
    const rows = await db().experimentCohort.findMany({ where: { projectId } });
    expect(rows.map((r) => [r.externalUserId, r.exposures])).toEqual([[me, 1]]);
    // Each call moves the visit on: 29 minutes after the last call is still the same visit.
    advanceClock(29 * 60_000);
    expect((await call("GET", `/v1/widget/exposure?project_id=${projectId}`, { ip, token: s.body.session_token })).body.recorded).toBe(false);
    advanceClock(31 * 60_000);
    expect((await call("GET", `/v1/widget/exposure?project_id=${projectId}`, { ip, token: s.body.session_token })).body.recorded).toBe(true);
    expect((await db().experimentCohort.findFirstOrThrow({ where: { projectId } })).exposures).toBe(2);
    // Without a session nothing is recorded.
    expect((await call("GET", `/v1/widget/exposure?project_id=${projectId}&external_user_id=someone`, { ip })).body.recorded).toBe(false);
  });

  it("of a player's first calls at the same moment, exactly one records the visit", async () => {
    const projectId = await createProject(call, admin, { allowed_origins: [] });
    const s = await call("POST", "/v1/widget/session", { ip: randomIp(), body: { project_id: projectId, anonymous_id: "browser-exp-0002" } });
    const ip = randomIp();
    const answers = await Promise.all(Array.from({ length: 8 }, () => call("GET", `/v1/widget/exposure?project_id=${projectId}`, { ip, token: s.body.session_token })));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((r) => r.body.recorded === true)).toHaveLength(1);
    expect((await db().experimentCohort.findFirstOrThrow({ where: { projectId } })).exposures).toBe(1);
  });

  it("limits exposure calls per project and network address", async () => {
    const projectId = await createProject(call, admin);
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await call("GET", `/v1/widget/exposure?project_id=${projectId}&external_user_id=u${i}`, { ip })).status);
    expect(statuses.slice(0, 60).every((st) => st === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
    // Another address is a separate bucket.
    expect((await call("GET", `/v1/widget/exposure?project_id=${projectId}&external_user_id=u1`, { ip: randomIp() })).status).toBe(200);
  });
});
