import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suggestCommand } from "@/games/bots";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, randomIp, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { API_ORIGIN, newPlayer, playProject, sendCommand, startRun } from "../helpers/play";

/**
 * Cross-account and cross-project access with real objects of the other side: a real key id, a
 * real session id, a real run id of a player whose external_user_id exists in both projects.
 * Every one of them must answer 404 (or 401 for another plane) and change nothing.
 */
let server: TTestServer;
let call: TCall;
let alice: TAdmin;
let mallory: TAdmin;
let aliceProject: { projectId: string; key: string };
let malloryProject: { projectId: string; key: string };
let aliceKeyId: string;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  alice = await verifiedAdmin(call);
  mallory = await verifiedAdmin(call);
  aliceProject = await playProject(call, alice, "match3_v1");
  malloryProject = await playProject(call, mallory, "match3_v1");
  aliceKeyId = (await call("GET", `/v1/admin/projects/${aliceProject.projectId}/api-keys`, { token: alice.token })).body.api_keys[0].key_id;
});
afterAll(() => server.close());

describe("another account's real objects", () => {
  it("cannot revoke another account's API key, through either project id", async () => {
    for (const projectId of [aliceProject.projectId, malloryProject.projectId]) {
      const res = await call("DELETE", `/v1/admin/projects/${projectId}/api-keys/${aliceKeyId}`, { token: mallory.token });
      expect(res.status, projectId).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    // The key still issues sessions.
    const s = await call("POST", "/v1/server/session-token", { token: aliceProject.key, ip: randomIp(), body: { project_id: aliceProject.projectId, external_user_id: "still-works" } });
    expect(s.status).toBe(200);
    const keys = (await call("GET", `/v1/admin/projects/${aliceProject.projectId}/api-keys`, { token: alice.token })).body.api_keys;
    expect(keys[0].revoked_at).toBeNull();
  });

  it("cannot read, change or list anything of another account's project", async () => {
    const p = aliceProject.projectId;
    const attempts: Array<[string, string, unknown?]> = [
      ["GET", `/v1/admin/projects/${p}`],
      ["PATCH", `/v1/admin/projects/${p}`, { name: "pwned" }],
      ["GET", `/v1/admin/projects/${p}/api-keys`],
      ["POST", `/v1/admin/projects/${p}/api-keys`, { name: "x", scopes: ["session:issue"] }],
      ["GET", `/v1/admin/projects/${p}/embed`],
      ["GET", `/v1/admin/projects/${p}/level-goals`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(method, path, { token: mallory.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await call("GET", `/v1/admin/projects/${p}`, { token: alice.token })).body.name).toBe("Test shop");
    expect((await call("GET", "/v1/admin/projects", { token: mallory.token })).body.projects.map((x: { project_id: string }) => x.project_id)).not.toContain(p);
  });

  it("cannot revoke another account's admin session", async () => {
    const res = await call("DELETE", `/v1/admin/auth/sessions/${alice.sessionId}`, { token: mallory.token });
    expect(res.status).toBe(404);
    expect((await call("GET", "/v1/admin/me", { token: alice.token })).status).toBe(200);
  });

  it("a player cannot reach the run of the same external_user_id in another project", async () => {
    const victim = await newPlayer(call, aliceProject.projectId, aliceProject.key, "shared-user-1");
    const attacker = await newPlayer(call, malloryProject.projectId, malloryProject.key, "shared-user-1");
    const run = (await startRun(call, victim)).body;
    expect((await call("GET", `/v1/game-runs/${run.run_id}`, { token: attacker.token })).status).toBe(404);
    expect((await call("GET", `/v1/game-runs/${run.run_id}/reward`, { token: attacker.token })).status).toBe(404);
    const cmd = await sendCommand(call, attacker, run.run_id, { command_id: "x1", sequence: 1, ...suggestCommand("match3_v1", run.view)! });
    expect(cmd.status).toBe(404);
    // Nothing moved: the victim's run is untouched and still takes sequence 1.
    const mine = await sendCommand(call, victim, run.run_id, { command_id: "v1", sequence: 1, ...suggestCommand("match3_v1", run.view)! });
    expect(mine.status).toBe(200);
    expect(mine.body.sequence).toBe(1);
  });

  it("an API key of one project cannot issue sessions or write events for another", async () => {
    const s = await call("POST", "/v1/server/session-token", { token: malloryProject.key, ip: randomIp(), body: { project_id: aliceProject.projectId, external_user_id: "u" } });
    expect(s.status).toBe(403);
    const e = await call("POST", "/v1/server/events", { token: malloryProject.key, body: { project_id: aliceProject.projectId, external_user_id: "u", type: "streak.server_confirm", payload: {} } });
    expect(e.status).toBe(403);
  });

  it("a command needs the API origin: a run cannot be driven from another site", async () => {
    const p = await newPlayer(call, aliceProject.projectId, aliceProject.key);
    const run = (await startRun(call, p)).body;
    const body = { command_id: "o1", sequence: 1, ...suggestCommand("match3_v1", run.view)! };
    for (const headers of [{}, { origin: "https://evil.example" }] as Array<Record<string, string>>) {
      const res = await call("POST", `/v1/game-runs/${run.run_id}/commands`, { token: p.token, headers, body });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("origin_not_allowed");
    }
    const ok = await call("POST", `/v1/game-runs/${run.run_id}/commands`, { token: p.token, headers: { origin: API_ORIGIN }, body });
    expect(ok.body.sequence).toBe(1);
  });
});
