import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { API_ORIGIN, newPlayer } from "../helpers/play";
import { spin, wheelAdmin, wheelProject } from "../helpers/wheel";

/**
 * Another account's real, published wheel: every admin wheel route answers 404 (writes with an
 * allowed Origin, so the 404 is the ownership check, not the Origin rule) and changes nothing.
 */
let server: TTestServer;
let call: TCall;
let alice: TAdmin;
let mallory: TAdmin;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  alice = await verifiedAdmin(call);
  mallory = await verifiedAdmin(call);
});
afterAll(() => server.close());

describe("another account's wheel", () => {
  it("answers 404 on every admin wheel route and stays as it was", async () => {
    const victim = await wheelProject(call, alice);
    const own = wheelAdmin(call, alice, victim.projectId);
    const before = { draft: (await own.draft()).body, settings: (await own.settings()).body, stats: (await own.stats()).body };
    const base = `/v1/admin/projects/${victim.projectId}/wheels`;
    const attempts: Array<[string, string, unknown?]> = [
      ["GET", `${base}/settings`],
      ["PUT", `${base}/settings`, { timezone: "Europe/Berlin" }],
      ["GET", `${base}/daily/draft`],
      ["GET", `${base}/site/draft`],
      ["PUT", `${base}/daily/draft`, { ...before.draft.draft, ticket_cost: 99 }],
      ["POST", `${base}/daily/publish`, { expected_draft_hash: before.draft.draft_hash }],
      ["POST", `${base}/daily/simulate`, {}],
      ["GET", `${base}/daily/stats`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(method, path, { token: mallory.token, headers: method === "GET" ? {} : { origin: API_ORIGIN }, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect((await own.draft()).body).toEqual(before.draft);
    expect((await own.settings()).body).toEqual(before.settings);
    expect((await own.stats()).body.published_version).toBe(victim.version);
  });

  it("keeps a player of another project away from a real spin with the same external user id", async () => {
    const a = await wheelProject(call, alice);
    const m = await wheelProject(call, mallory);
    const victim = await newPlayer(call, a.projectId, a.key, "shared-wheel-user");
    const attacker = await newPlayer(call, m.projectId, m.key, "shared-wheel-user");
    const s = (await spin(call, victim, { wheel_version: a.version })).body;
    expect((await call("GET", `/v1/wheel/spins/${s.spin_id}`, { token: attacker.token })).status).toBe(404);
    expect((await call("POST", `/v1/wheel/spins/${s.spin_id}/seen`, { token: attacker.token, headers: { origin: API_ORIGIN } })).status).toBe(404);
    // Replaying the victim's spin_id in the other project is a new spin there, never the victim's answer.
    const replay = await spin(call, attacker, { spin_id: s.spin_id, wheel_version: m.version });
    expect(replay.status).toBe(200);
    expect(replay.body.fairness.server_seed).not.toBe(s.fairness.server_seed);
    expect((await call("GET", `/v1/wheel/spins/${s.spin_id}`, { token: victim.token })).body.seen).toBe(false);
  });
});
