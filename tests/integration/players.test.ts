import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { API_ORIGIN, newPlayer, playProject, sendCommand, startRun } from "../helpers/play";
import { winLevel } from "../helpers/rewards";
import { startTestServer, type TTestServer } from "../helpers/server";
import { allKeys } from "../helpers/wheel";

/** The admin's player views: progress, sessions, safe runs, a run's commands; owner-scoped with real foreign objects. */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let other: TAdmin;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  [admin, other] = await Promise.all([verifiedAdmin(call), verifiedAdmin(call)]);
});
afterAll(() => server.close());

const base = (projectId: string) => `/v1/admin/projects/${projectId}`;

/** A project whose player won level 1 (a verified player) and refused one move on a second run. */
async function playedProject(owner: TAdmin) {
  const { projectId, key } = await playProject(call, owner, "match3_v1");
  const id = `viewer-${randomUUID().slice(0, 8)}`;
  const player = await newPlayer(call, projectId, key, id);
  await call("POST", "/v1/events", { token: player.token, ip: player.ip, headers: { origin: API_ORIGIN }, body: { type: "play.session_start", payload: {} } });
  const won = await winLevel(call, projectId, key, { player });
  const second = (await startRun(call, player)).body;
  const refused = await sendCommand(call, player, second.run_id, { command_id: randomUUID(), sequence: second.sequence + 1, action: "swap", payload: { from: { row: 0, col: 0 }, to: { row: 5, col: 5 } } });
  expect(refused.status).toBe(200);
  expect(refused.body.accepted).toBe(false);
  return { projectId, key, id, player, wonRunId: won.runId, activeRunId: second.run_id as string };
}

describe("player views", () => {
  it("progress: the game's levels and best scores, and the legacy streak", async () => {
    const p = await playedProject(admin);
    const res = await call("GET", `${base(p.projectId)}/players/${p.id}/progress`, { token: admin.token });
    expect(res.status).toBe(200);
    const game = res.body.templates.find((t: any) => t.kind === "game");
    expect(game).toMatchObject({ template_id: "match3_v1", mechanic: "match3_v1", levels_completed: 1, current_level: 2, runs_started: 2, track_complete: false });
    expect(game.best_scores["1"]).toBeGreaterThan(0);
    expect(game.levels[0]).toMatchObject({ level_number: 1, completions: 1 });
    expect(res.body.templates.find((t: any) => t.kind === "streak")).toMatchObject({ template_id: "streak_v1", streak: { current_streak: 1, days_played: 1 } });
  });

  it("sessions: the session's events grouped, newest first, with the runs played in it", async () => {
    const p = await playedProject(admin);
    const again = await newPlayer(call, p.projectId, p.key, p.id);
    await call("POST", "/v1/events", { token: again.token, ip: again.ip, headers: { origin: API_ORIGIN }, body: { type: "widget.opened", payload: {} } });
    const res = await call("GET", `${base(p.projectId)}/players/${p.id}/sessions`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(2);
    const [newest, first] = res.body.sessions;
    expect(newest).toMatchObject({ events: 1, runs: 0, event_types: ["widget.opened"] });
    expect(first.runs).toBe(2);
    expect(first.event_types).toEqual(expect.arrayContaining(["play.session_start", "game.started", "game.game_won"]));
    expect((await call("GET", `${base(p.projectId)}/players/${p.id}/sessions?limit=1`, { token: admin.token })).body.sessions).toHaveLength(1);
    expect((await call("GET", `${base(p.projectId)}/players/${p.id}/sessions?limit=501`, { token: admin.token })).status).toBe(422);
  });

  it("runs never carry the engine state, seed or address hash; commands come in order with their outcome", async () => {
    const p = await playedProject(admin);
    const { rows } = await pool().query("SELECT id, seed, state::text AS state, client_ip_hash FROM game_run WHERE project_id = $1", [p.projectId]);
    const res = await call("GET", `${base(p.projectId)}/players/${p.id}/runs`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.runs.map((r: any) => r.run_id)).toEqual([p.activeRunId, p.wonRunId]);
    expect(res.body.runs[1]).toMatchObject({ status: "won", outcome: "won", level_number: 1 });
    expect(res.body.runs[1].moves).toBeGreaterThan(0);
    for (const body of [res.body, (await call("GET", `${base(p.projectId)}/runs/${p.wonRunId}/commands`, { token: admin.token })).body]) {
      const keys = allKeys(body);
      for (const k of ["state", "seed", "client_ip_hash", "view", "board", "deck"]) expect(keys.has(k), k).toBe(false);
      const text = JSON.stringify(body);
      for (const r of rows) {
        expect(text).not.toContain(r.seed);
        if (r.client_ip_hash) expect(text).not.toContain(r.client_ip_hash);
      }
    }
    const cmds = await call("GET", `${base(p.projectId)}/runs/${p.wonRunId}/commands`, { token: admin.token });
    expect(cmds.status).toBe(200);
    const seqs = cmds.body.commands.map((c: any) => c.sequence);
    expect(seqs).toEqual([...seqs].sort((a: number, b: number) => a - b));
    expect(cmds.body.commands.at(-1)).toMatchObject({ accepted: true, result: { status: "won" } });
    expect(cmds.body.commands.at(-1).result.facts).toContain("game_won");
    const refused = await call("GET", `${base(p.projectId)}/runs/${p.activeRunId}/commands`, { token: admin.token });
    expect(refused.body.commands[0]).toMatchObject({ sequence: 1, accepted: false, type: "swap", result: { status: "active" } });
    expect(refused.body.commands[0].rejection_code).toBeTruthy();
  });
});

describe("owner scope: foreign and unknown ids answer 404", () => {
  it("every route, with a real player and run of another admin's project", async () => {
    const mine = await playedProject(admin);
    const theirs = await playedProject(other);
    const routes = (projectId: string, player: string, runId: string) => [
      ["GET", `${base(projectId)}/players/${player}/progress`],
      ["GET", `${base(projectId)}/players/${player}/sessions`],
      ["GET", `${base(projectId)}/players/${player}/runs`],
      ["GET", `${base(projectId)}/runs/${runId}/commands`],
    ];
    // Their project, their player, their run.
    for (const [method, path] of [...routes(theirs.projectId, theirs.id, theirs.wonRunId), ["DELETE", `${base(theirs.projectId)}/players/${theirs.id}/data`]]) {
      expect((await call(method!, path!, { token: admin.token })).status, `${method} ${path}`).toBe(404);
    }
    // My project, their player and their run.
    for (const [method, path] of routes(mine.projectId, theirs.id, theirs.wonRunId)) {
      expect((await call(method!, path!, { token: admin.token })).status, `${method} ${path}`).toBe(404);
    }
    // Nothing of theirs was touched; they still see it all.
    for (const [method, path] of routes(theirs.projectId, theirs.id, theirs.wonRunId)) {
      expect((await call(method!, path!, { token: other.token })).status, `${method} ${path}`).toBe(200);
    }
    // An erasure in my project of their player's id touches nothing of theirs.
    const res = await call("DELETE", `${base(mine.projectId)}/players/${theirs.id}/data`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(Object.values(res.body.tables).every((n) => n === 0)).toBe(true);
    expect((await call("GET", `${base(theirs.projectId)}/players/${theirs.id}/runs`, { token: other.token })).body.runs).toHaveLength(2);
    // Unknown ids.
    expect((await call("GET", `${base(mine.projectId)}/runs/${randomUUID()}/commands`, { token: admin.token })).status).toBe(404);
    expect((await call("GET", `${base(mine.projectId)}/players/nobody-${randomUUID()}/progress`, { token: admin.token })).status).toBe(404);
  });

  it("all five routes are in the OpenAPI document with descriptions", async () => {
    const doc = (await call("GET", "/docs/openapi.json")).body;
    const paths = doc.paths ?? {};
    const ops = [
      paths["/v1/admin/projects/{project_id}/players/{external_user_id}/progress"]?.get,
      paths["/v1/admin/projects/{project_id}/players/{external_user_id}/sessions"]?.get,
      paths["/v1/admin/projects/{project_id}/players/{external_user_id}/runs"]?.get,
      paths["/v1/admin/projects/{project_id}/runs/{run_id}/commands"]?.get,
      paths["/v1/admin/projects/{project_id}/players/{external_user_id}/data"]?.delete,
    ];
    for (const op of ops) expect(op?.description?.length ?? 0).toBeGreaterThan(100);
  });
});
