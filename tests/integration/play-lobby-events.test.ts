import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getMechanic } from "@/games/registry";
import { publishedTrack } from "@/server/domain/gameplay/play/levels";
import { pool } from "@/server/db/client";
import { countingTx } from "@/server/db/tx";
import { lobbyState } from "@/server/domain/gameplay/play/lobby";
import { verifyPlayerToken } from "@/server/domain/identity/players/player-token";
import { startPlaySuite, stopPlaySuite, type TPlaySuite } from "../helpers/play-suite";
import { createApiKey, type TAdmin, type TCall } from "../helpers/api";
import { API_ORIGIN, newPlayer, playProject, playToEnd, startRun } from "../helpers/play";
import { limitsFor } from "../helpers/limits";
import { untilBlockedBy } from "../helpers/locks";
import { applyStreakEvent, EMPTY_STREAK } from "@/server/domain/gameplay/events/streak";

let suite: TPlaySuite;
let call: TCall, admin: TAdmin, project: TPlaySuite["project"], pgc: pg.Client;
beforeAll(async () => {
  suite = await startPlaySuite("memory_v1");
  ({ call, admin, project, pgc } = suite);
});
afterAll(() => stopPlaySuite(suite));

describe("lobby", () => {
  it("has every field of the lobby state and reflects the unfinished run and the last result", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    const empty = await call("GET", "/v1/lobby", { token: p.token });
    expect(empty.status).toBe(200);
    expect(Object.keys(empty.body).sort()).toEqual(["assets", "config_revision", "entry_mode", "last_result", "play", "schema", "server_time", "theme", "viewport", "wheel"].sort());
    expect(empty.body).toMatchObject({ schema: 1, entry_mode: "lobby", last_result: null, wheel: { enabled: false } });
    expect(empty.body.play).toMatchObject({ mechanic: "memory_v1", available: true, levels_total: 10, track_complete: false, active_run: null, next_level: { number: 1, cycle_round: 1 } });
    expect(empty.body.play.level_stars).toEqual(Array(10).fill(0));
    expect(Object.keys(empty.body.play.next_level.preview).length).toBeGreaterThan(0);
    const run = (await startRun(call, p)).body;
    const during = await call("GET", "/v1/lobby", { token: p.token });
    expect(during.body.play.active_run).toMatchObject({ run_id: run.run_id, level_number: 1, sequence: 0, resumable: true });
    const end = await playToEnd(call, p, run);
    const after = await call("GET", "/v1/lobby", { token: p.token });
    expect(after.body.play.active_run).toBeNull();
    expect(after.body.last_result).toMatchObject({ run_id: run.run_id, mechanic: "memory_v1", status: end.status, level_number: 1, reward: { status: "none" } });
    expect(end.status).toBe("won");
    expect(after.body.play.next_level.number).toBe(2);
    // the won level shows the stars the server awarded (from its thresholds and the score with the leftover bonus)
    expect(end.view.stars).toBeGreaterThanOrEqual(1);
    expect(after.body.play.level_stars).toEqual([end.view.stars, ...Array(9).fill(0)]);
  });

  it("answers the next level's preview as the game makes it, made once per published level rather than on every lobby", async () => {
    const mechanic = getMechanic("memory_v1");
    const level = (await publishedTrack("memory_v1")).levels[0]!;
    const spy = vi.spyOn(mechanic, "preview");
    try {
      const [a, b] = [await newPlayer(call, project.projectId, project.key), await newPlayer(call, project.projectId, project.key)];
      const first = (await call("GET", "/v1/lobby", { token: a.token })).body.play.next_level;
      const second = (await call("GET", "/v1/lobby", { token: b.token })).body.play.next_level;
      expect(first).toMatchObject({ number: 1, id: level.id });
      expect(first.preview).toEqual(JSON.parse(JSON.stringify(mechanic.preview(level))));
      expect(second.preview).toEqual(first.preview);
      // two lobbies (and the call above): at most one made by the lobby, none when an earlier test's lobby made it
      expect(spy.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      spy.mockRestore();
    }
  });

  it("shows the unfinished run's start as the run does, and a run past its expiry (not yet closed) as not resumable", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    const run = (await startRun(call, p)).body;
    const read = (await call("GET", `/v1/game-runs/${run.run_id}`, { token: p.token })).body;
    const during = (await call("GET", "/v1/lobby", { token: p.token })).body.play.active_run;
    expect(during).toEqual({ run_id: run.run_id, level_number: 1, sequence: 0, started_at: read.started_at, resumable: true });
    expect(during.started_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // expired a second ago: the lobby reads it (reads close nothing) and says it cannot be resumed
    await pgc.query("UPDATE game_run SET expires_at = now() - interval '1 second' WHERE id = $1", [run.run_id]);
    const expired = (await call("GET", "/v1/lobby", { token: p.token })).body.play.active_run;
    expect(expired).toEqual({ ...during, resumable: false });
  });

  it("uses at most 8 SQL statements (we aim for 1-2), stays within 8 KiB and changes nothing", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    await startRun(call, p);
    const player = (await verifyPlayerToken(p.token))!;
    // Counted in this project only: other test files write events of their own meanwhile.
    const events = async () => (await pgc.query("SELECT count(*)::int AS n FROM player_event WHERE project_id = $1", [project.projectId])).rows[0].n;
    const before = await events();
    const tx = countingTx(pool());
    const body = await lobbyState({ player, tx, limits: limitsFor(["lobby"], player) });
    expect(tx.count).toBeLessThanOrEqual(8);
    expect(tx.count).toBeLessThanOrEqual(2);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(8192);
    expect(await events()).toBe(before);
  });

  it("over 60 per minute answers 429 and stores one rate_exceeded fraud flag", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    const statuses = await Promise.all(Array.from({ length: 64 }, () => call("GET", "/v1/lobby", { token: p.token }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const flags = await pgc.query("SELECT kind FROM fraud_flag WHERE project_id = $1 AND external_user_id = $2", [p.projectId, p.externalUserId]);
    expect(flags.rows).toEqual([{ kind: "rate_exceeded" }]);
  });

  it("needs a player session", async () => {
    expect((await call("GET", "/v1/lobby")).status).toBe(401);
    expect((await call("GET", "/v1/lobby", { token: admin.token })).status).toBe(401);
  });
});

describe("client telemetry", () => {
  const body = { build_version: "r0123456789ab", kind: "load_error", status: 500 };

  it("accepts exactly build_version, kind and status from the API origin", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    expect((await call("POST", "/v1/client-telemetry", { token: p.token, headers: { origin: API_ORIGIN }, body })).body).toEqual({ accepted: true });
    expect((await call("POST", "/v1/client-telemetry", { token: p.token, headers: { origin: API_ORIGIN }, body: { ...body, extra: 1 } })).status).toBe(422);
    expect((await call("POST", "/v1/client-telemetry", { token: p.token, headers: { origin: "https://evil.example" }, body })).status).toBe(403);
  });

  it("refuses bodies over 256 bytes and more than 3 per minute per session", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    const padded = JSON.stringify(body) + " ".repeat(260);
    expect((await call("POST", "/v1/client-telemetry", { token: p.token, headers: { origin: API_ORIGIN, "content-type": "application/json" }, rawBody: padded })).status).toBe(413);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call("POST", "/v1/client-telemetry", { token: p.token, headers: { origin: API_ORIGIN }, body })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("events and progress", () => {
  it("records player events of accepted types and drives the streak", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    expect((await call("POST", "/v1/events", { token: p.token, body: { type: "play.session_start", payload: {}, session_id: "s1" } })).body).toMatchObject({ accepted: true, duplicate: false });
    expect((await call("POST", "/v1/events", { token: p.token, body: { type: "streak.ui_ack", payload: {} } })).status).toBe(200);
    expect((await call("POST", "/v1/events", { token: p.token, body: { type: "game.game_won", payload: {} } })).status).toBe(422);
    const state = await call("GET", "/v1/progress/state", { token: p.token });
    expect(state.body.streak).toMatchObject({ current_streak: 1, days_played: 1 });
    expect(state.body.streak.goals[0]).toMatch(/streak/);
    const legacy = await call("GET", `/v1/progress/state?session_token=${encodeURIComponent(p.token)}`);
    expect(legacy.status).toBe(200);
    expect(legacy.body.external_user_id).toBe(p.externalUserId);
    expect((await call("GET", "/v1/progress/state")).status).toBe(401);
  });

  it("server events need events:write of the project; promo outcomes need an Idempotency-Key and are idempotent", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    const base = { project_id: project.projectId, external_user_id: p.externalUserId, payload: {} };
    expect((await call("POST", "/v1/server/events", { token: project.key, body: { ...base, type: "streak.server_confirm" } })).status).toBe(200);
    expect((await call("POST", "/v1/server/events", { token: project.key, body: { ...base, type: "promo.redeemed" } })).status).toBe(422);
    const first = await call("POST", "/v1/server/events", { token: project.key, headers: { "idempotency-key": "promo-1" }, body: { ...base, type: "promo.redeemed" } });
    const again = await call("POST", "/v1/server/events", { token: project.key, headers: { "idempotency-key": "promo-1" }, body: { ...base, type: "promo.redeemed" } });
    expect(first.body.duplicate).toBe(false);
    expect(again.body.duplicate).toBe(true);
    const sessionOnly = await createApiKey(call, admin, project.projectId, ["session:issue"]);
    expect((await call("POST", "/v1/server/events", { token: sessionOnly, body: { ...base, type: "streak.server_confirm" } })).body.code).toBe("insufficient_scope");
    const progress = await call("GET", "/v1/progress/state", { token: p.token });
    expect(progress.body.streak.confirmed_days).toHaveLength(1);
  });

  it("two first streak events of a player at once both count: the later builds on the earlier's row", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    const at = new Date();
    // the first event (a session start) has written the player's first streak row and not committed yet
    const holder = await pool().connect();
    try {
      await holder.query("BEGIN");
      await holder.query("INSERT INTO progress_snapshot (project_id, external_user_id, template_id, state, updated_at) VALUES ($1, $2, 'streak_v1', $3::jsonb, $4)", [
        project.projectId, p.externalUserId, JSON.stringify(applyStreakEvent(EMPTY_STREAK, "play.session_start", at)), at,
      ]);
      const confirm = call("POST", "/v1/server/events", { token: project.key, body: { project_id: project.projectId, external_user_id: p.externalUserId, type: "streak.server_confirm", payload: {} } });
      await untilBlockedBy(holder, "the first event's streak row");
      await holder.query("COMMIT");
      expect((await confirm).status).toBe(200);
    } finally {
      holder.release();
    }
    const { rows } = await pgc.query("SELECT state FROM progress_snapshot WHERE project_id = $1 AND external_user_id = $2 AND template_id = 'streak_v1'", [project.projectId, p.externalUserId]);
    expect(rows[0].state).toMatchObject({ days_played: 1, current_streak: 1, confirmed_days: [at.toISOString().slice(0, 10)] });
  });

  it("business events require an Idempotency-Key and concurrent repeats record one event", async () => {
    const base = { project_id: project.projectId, external_user_id: "shopper-1", type: "purchase", payload: { amount_minor: 1299 } };
    expect((await call("POST", "/v1/server/business-events", { token: project.key, body: base })).status).toBe(422);
    expect((await call("POST", "/v1/server/business-events", { token: project.key, headers: { "idempotency-key": "k" }, body: { ...base, type: "login" } })).status).toBe(422);
    const results = await Promise.all(Array.from({ length: 10 }, () => call("POST", "/v1/server/business-events", { token: project.key, headers: { "idempotency-key": "order-77" }, body: base })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    const { rows } = await pgc.query("SELECT count(*)::int AS n FROM player_event WHERE project_id = $1 AND idempotency_key = 'order-77'", [project.projectId]);
    expect(rows[0].n).toBe(1);
  });
});

describe("admin level goals", () => {
  it("lists the published levels of the project's mechanic with goals and constraints", async () => {
    const res = await call("GET", `/v1/admin/projects/${project.projectId}/level-goals`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mechanic: "memory_v1", legacy_goals: [], track_version: 1 });
    expect(res.body.levels).toHaveLength(10);
    expect(res.body.levels[0]).toMatchObject({ number: 1, level_version: 2 });
    expect(res.body.levels[0].goals.length).toBeGreaterThan(0);
    expect(res.body.levels[0].constraints.length).toBeGreaterThan(0);
  });

  it("for a legacy template: no mechanic, no levels, merged textual goals that keep the streak goal", async () => {
    const { projectId } = await playProject(call, admin, "match3_v1");
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { game_mode: "rewards", active_template_id: "streak_v1", legacy_goal_overrides: ["Win a free coffee"] } });
    const res = await call("GET", `/v1/admin/projects/${projectId}/level-goals`, { token: admin.token });
    expect(res.body).toMatchObject({ mechanic: null, levels: [] });
    expect(res.body.legacy_goals).toEqual([expect.stringMatching(/streak/), "Win a free coffee"]);
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { legacy_goal_overrides: [] } });
    const defaults = await call("GET", `/v1/admin/projects/${projectId}/level-goals`, { token: admin.token });
    expect(defaults.body.legacy_goals[0]).toMatch(/streak/);
    expect(defaults.body.legacy_goals.length).toBeGreaterThan(1);
  });
});
