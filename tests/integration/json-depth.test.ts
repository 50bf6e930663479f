import { Writable } from "node:stream";
import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { replaceService } from "@/server/services/container";
import { MAX_JSON_DEPTH } from "@/server/lib/json-walk";
import { client, createApiKey, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { API_ORIGIN, newPlayer, playProject, startRun } from "../helpers/play";
import { startTestServer, type TTestServer } from "../helpers/server";

/**
 * Deeply nested JSON is refused with 422 `validation_error` before any work, on every JSON entry
 * point (the /v1 façade and the console's /api/trpc), and nothing is logged as an error.
 */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let project: { projectId: string; key: string };
const logged: string[] = [];
let restoreLogger: () => void;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  project = await playProject(call, admin, "match3_v1");
  const sink = new Writable({ write: (chunk, _enc, done) => (logged.push(String(chunk)), done()) });
  restoreLogger = replaceService("logger", pino({ level: "error" }, sink));
});
afterAll(async () => {
  restoreLogger();
  await server.close();
});

/** A JSON text `depth` arrays deep around `inner`. */
const nested = (depth: number, inner = "1") => "[".repeat(depth) + inner + "]".repeat(depth);
/** An object body whose `field` holds a value `depth` levels deep in all (the body object is the first level). */
const bodyWith = (fields: Record<string, unknown>, field: string, depth: number) => {
  const text = JSON.stringify({ ...fields, [field]: "__DEEP__" });
  return text.replace('"__DEEP__"', nested(depth - 1));
};

describe("JSON nesting", () => {
  it(`refuses a body nested deeper than ${MAX_JSON_DEPTH} levels with 422 on every JSON entry point, logs no error, writes nothing`, async () => {
    const player = await newPlayer(call, project.projectId, project.key);
    const serverKey = await createApiKey(call, admin, project.projectId, ["events:write"]);
    const run = (await startRun(call, player)).body;
    const eventsBefore = await db().playerEvent.count({ where: { projectId: project.projectId } });
    const campaignsBefore = await db().campaign.count({ where: { projectId: project.projectId } });
    const json = { "content-type": "application/json" };
    const bomb = 20_000;
    const cases: Array<[string, string, string, { token: string; headers?: Record<string, string> }]> = [
      ["POST", "/v1/events", bodyWith({ type: "widget.opened" }, "payload", bomb), { token: player.token }],
      ["POST", "/v1/server/events", bodyWith({ project_id: project.projectId, external_user_id: "u1", type: "streak.server_confirm" }, "payload", bomb), { token: serverKey }],
      ["POST", "/v1/server/business-events", bodyWith({ project_id: project.projectId, external_user_id: "u1", type: "purchase" }, "payload", bomb), { token: serverKey, headers: { "idempotency-key": randomUUID() } }],
      ["POST", `/v1/game-runs/${run.run_id}/commands`, bodyWith({ command_id: randomUUID(), sequence: 1, action: "swap" }, "payload", bomb), { token: player.token, headers: { origin: API_ORIGIN } }],
      ["POST", `/v1/admin/projects/${project.projectId}/campaigns`, bodyWith({ name: "deep", trigger_type: "game_won", reward_type: "promo_code" }, "reward_metadata", bomb), { token: admin.token }],
      ["PUT", `/v1/admin/projects/${project.projectId}/fraud-rules`, bodyWith({}, "rules", bomb), { token: admin.token }],
      ["POST", "/api/trpc/campaigns.create", bodyWith({ project_id: project.projectId, name: "deep", trigger_type: "game_won", reward_type: "promo_code" }, "reward_metadata", bomb), { token: admin.token, headers: { origin: API_ORIGIN } }],
    ];
    for (const [method, path, raw, o] of cases) {
      const res = await call(method, path, { token: o.token, headers: { ...json, ...o.headers }, rawBody: raw });
      const [code, message] = path.startsWith("/api/trpc") ? [res.body?.error?.data?.appCode, res.body?.error?.message] : [res.body?.code, res.body?.message];
      expect({ path, status: res.status, code, message }).toEqual({ path, status: 422, code: "validation_error", message: `JSON may nest arrays and objects at most ${MAX_JSON_DEPTH} levels deep` });
    }
    // A GET's input on the console endpoint, too.
    const get = await call("GET", `/api/trpc/projects.get?input=${encodeURIComponent(nested(MAX_JSON_DEPTH + 1))}`, { token: admin.token });
    expect({ status: get.status, code: get.body.error.data.appCode, message: get.body.error.message }).toEqual({ status: 422, code: "validation_error", message: `JSON may nest arrays and objects at most ${MAX_JSON_DEPTH} levels deep` });
    expect(logged).toEqual([]);
    expect(await db().playerEvent.count({ where: { projectId: project.projectId } })).toBe(eventsBefore);
    expect(await db().campaign.count({ where: { projectId: project.projectId } })).toBe(campaignsBefore);
  });

  it(`takes ${MAX_JSON_DEPTH} levels, and counts no bracket inside a string`, async () => {
    const player = await newPlayer(call, project.projectId, project.key);
    // The body is the first level, its payload the second: 30 arrays inside make 32 in all.
    const post = (raw: string) => call("POST", "/v1/events", { token: player.token, headers: { "content-type": "application/json" }, rawBody: raw });
    const deepest = await post(`{"type":"widget.opened","payload":{"a":${nested(MAX_JSON_DEPTH - 2)}}}`);
    expect(deepest.status, deepest.text).toBe(200);
    const deeper = await post(`{"type":"widget.opened","payload":{"a":${nested(MAX_JSON_DEPTH - 1)}}}`);
    expect(deeper.status).toBe(422);
    expect(deeper.body).toMatchObject({ code: "validation_error", max_depth: MAX_JSON_DEPTH });
    const brackets = await call("POST", "/v1/events", { token: player.token, body: { type: "widget.opened", payload: { note: "[".repeat(100) + '\\"{{{' } } });
    expect(brackets.status, brackets.text).toBe(200);
  });

  it("charges the events limit before looking at the event: refused events spend the budget", async () => {
    const player = await newPlayer(call, project.projectId, project.key);
    for (let i = 0; i < 120; i++) {
      const refused = await call("POST", "/v1/events", { token: player.token, body: { type: "not.a.player.event", payload: {} } });
      expect(refused.status).toBe(422);
    }
    const next = await call("POST", "/v1/events", { token: player.token, body: { type: "widget.opened", payload: {} } });
    expect(next.status).toBe(429);
  });
});
