import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepExpiredRuns } from "@/server/domain/gameplay/play/expiry-sweep";
import { suggestCommand } from "@/games/bots";
import { findMatches, listValidSwaps, swapCells, type TGrid } from "@/games/match3/board";
import type { TCell } from "@/games/types";
import { pool } from "@/server/db/client";
import { advanceClock } from "@/server/lib/clock";
import { startPlaySuite, stopPlaySuite, type TPlaySuite } from "../helpers/play-suite";
import { type TAdmin, type TCall } from "../helpers/api";
import { playProject, sendCommand, startRun } from "../helpers/play";
import { untilBlockedBy, waitersOf } from "../helpers/locks";

/** A run's lifetime: its activity time, its expiry (on command, on read, in the sweep). */
let suite: TPlaySuite;
let call: TCall, admin: TAdmin, project: TPlaySuite["project"], pgc: pg.Client, player: TPlaySuite["player"], events: TPlaySuite["events"];
beforeAll(async () => {
  suite = await startPlaySuite("match3_v1");
  ({ call, admin, project, pgc, player, events } = suite);
});
afterAll(() => stopPlaySuite(suite));


describe("expiry", () => {
  it("closes an expired run on command (409 run_not_active), on read, and in the sweep", async () => {
    const a = await player();
    const b = await player();
    const c = await player();
    const ra = (await startRun(call, a)).body;
    const rb = (await startRun(call, b)).body;
    const rc = (await startRun(call, c)).body;
    advanceClock(32 * 60_000); // the idle time and the minute its activity may be behind
    try {
      const cmd = await sendCommand(call, a, ra.run_id, { command_id: "e1", sequence: 1, ...suggestCommand("match3_v1", ra.view)! });
      expect(cmd.status).toBe(409);
      expect(cmd.body).toMatchObject({ code: "run_not_active", end_reason: "expired" });
      expect((await call("GET", `/v1/game-runs/${ra.run_id}`, { token: a.token })).body).toMatchObject({ status: "abandoned", end_reason: "expired" });
      expect((await call("GET", `/v1/game-runs/${rb.run_id}`, { token: b.token })).body).toMatchObject({ status: "abandoned", end_reason: "expired", resumable: false });
    } finally {
      advanceClock(-32 * 60_000);
    }
    // The sweep closes every project's expired runs: run at a moved clock it would also close the
    // live runs of the test files running beside this one. So it runs on the real clock, with c's
    // run expired in the database instead (on the service's pool: this file's own connection counts
    // its updates for the HOT-update test below).
    await pool().query("UPDATE game_run SET expires_at = now() - interval '1 second' WHERE id = $1", [rc.run_id]);
    const swept = await sweepExpiredRuns();
    expect(swept.closed).toBeGreaterThanOrEqual(1);
    const { rows } = await pgc.query("SELECT status, end_reason FROM game_run WHERE id = $1", [rc.run_id]);
    expect(rows[0]).toEqual({ status: "abandoned", end_reason: "expired" });
    for (const p of [a, b, c]) expect(await events(p, "game.abandoned")).toHaveLength(1);
    expect((await startRun(call, a)).body).toMatchObject({ resumed: false, status: "active" });
  });
});

describe("activity kept to the minute", () => {
  const activityOf = async (runId: string) =>
    (await pgc.query<{ last_activity_at: Date; expires_at: Date; started_at: Date }>("SELECT last_activity_at, expires_at, started_at FROM game_run WHERE id = $1", [runId])).rows[0]!;

  it("a move within a minute leaves the run's activity and expiry alone; a later one moves both, and the run lives 30 minutes past its last move", async () => {
    const p = await player();
    // The test needs four moves on one run: the smallest match each time. The bot's best move won
    // level 1 within three moves in 5 % of seeds (a finished run takes no more moves); the
    // smallest match did in 5 of 20 000 seeds: such a run is replaced by a new one (a second
    // early finish in a row: about one in 10⁸).
    const weakestSwap = (v: { grid: TGrid }) => {
      const matched = ([a, b]: [TCell, TCell]) => findMatches(swapCells(v.grid, a, b)).cells.length;
      const [from, to] = listValidSwaps(v.grid).reduce((a, b) => (matched(b) < matched(a) ? b : a));
      return { action: "swap", payload: { from, to } };
    };
    /** One try on a fresh run: false when a move before the last finished the run. */
    const attempt = async (): Promise<boolean> => {
      const run = (await startRun(call, p, { replace_active: true })).body;
      const started = await activityOf(run.run_id);
      expect(started.expires_at.getTime() - started.last_activity_at.getTime()).toBe(31 * 60_000);
      let sequence = 0;
      let view = run.view;
      const move = async (): Promise<boolean> => {
        const res = await sendCommand(call, p, run.run_id, { command_id: randomUUID(), sequence: sequence + 1, ...weakestSwap(view) });
        expect(res.status).toBe(200);
        sequence = res.body.sequence;
        view = res.body.view;
        return res.body.status === "active";
      };
      if (!(await move())) return false;
      expect(await activityOf(run.run_id)).toEqual(started);
      let movedMs = 0;
      const later = (ms: number) => {
        advanceClock(ms);
        movedMs += ms;
      };
      try {
        later(61_000);
        if (!(await move())) return false;
        const moved = await activityOf(run.run_id);
        expect(moved.last_activity_at.getTime()).toBeGreaterThanOrEqual(started.last_activity_at.getTime() + 61_000);
        expect(moved.expires_at.getTime() - moved.last_activity_at.getTime()).toBe(31 * 60_000);
        // 50 s later (not rewritten), then 30 minutes after that move: still playable
        later(50_000);
        if (!(await move())) return false;
        expect(await activityOf(run.run_id)).toEqual(moved);
        later(30 * 60_000 - 1_000);
        await move();
        return true;
      } finally {
        advanceClock(-movedMs);
      }
    };
    let done = false;
    for (let tries = 0; tries < 3 && !done; tries++) done = await attempt();
    expect(done).toBe(true);
  });

  it("so the common move's update is a HOT update (no new index entries)", async () => {
    const { commandWrite } = await import("@/server/domain/gameplay/play/command-sql");
    const at = new Date();
    const id = randomUUID();
    await pgc.query("BEGIN");
    try {
      const inserted = await pgc.query(
        `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version,
            cycle_round, is_replay, seed, state, status, started_at, last_activity_at, expires_at)
         VALUES ($1, $2, $3, 'match3_v1', 1, 'match3-01', 1, 1, 1, 1, false, 's', '{}'::jsonb, 'active', $4, $4, $5) RETURNING *`,
        [id, project.projectId, `hot-${id}`, at, new Date(at.getTime() + 31 * 60_000)],
      );
      let row = inserted.rows[0];
      for (let sequence = 1; sequence <= 2; sequence++) {
        const input = { commandId: randomUUID(), sequence, action: "swap", payload: {} };
        const body = { run_id: id, sequence, accepted: true, status: "active" as const, view: {}, animation_steps: [], facts: [] };
        const w = commandWrite({ row, input, body, state: { n: sequence }, score: sequence, clientVersion: null, at: new Date(at.getTime() + sequence * 1_000), endReason: null, finished: false });
        expect((await pgc.query(w.unlocked, w.unlockedParams)).rows[0].moved).toBe(1);
        row = { ...row, sequence, ...w.activity };
      }
      const stats = await pgc.query("SELECT pg_stat_get_xact_tuples_updated('game_run'::regclass)::int AS updated, pg_stat_get_xact_tuples_hot_updated('game_run'::regclass)::int AS hot");
      expect(stats.rows[0]).toEqual({ updated: 2, hot: 2 });
    } finally {
      await pgc.query("ROLLBACK");
    }
  });
});

describe("expiry sweep batches", () => {
  it("closes expired runs 500 per batch and records game.abandoned for each", async () => {
    const { projectId } = await playProject(call, admin, "match3_v1");
    await pgc.query(
      `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version,
          cycle_round, is_replay, seed, state, status, started_at, last_activity_at, expires_at)
       SELECT gen_random_uuid(), $1, 'sweep-' || g, 'match3_v1', 1, 'match3-01', 1, 1, 1, 1, false, 's', '{}'::jsonb, 'active',
              now() - interval '2 hours', now() - interval '2 hours', now() - interval '1 hour'
         FROM generate_series(1, 1100) g`,
      [projectId],
    );
    const result = await sweepExpiredRuns();
    expect(result.closed).toBeGreaterThanOrEqual(1100);
    expect(result.batches).toBeGreaterThanOrEqual(3);
    const open = await pgc.query("SELECT count(*)::int AS n FROM game_run WHERE project_id = $1 AND status = 'active'", [projectId]);
    expect(open.rows[0].n).toBe(0);
    const events = await pgc.query("SELECT count(*)::int AS n FROM player_event WHERE project_id = $1 AND type = 'game.abandoned'", [projectId]);
    expect(events.rows[0].n).toBe(1100);
  });
});

describe("the common move on the write lane", () => {
  it("a compare-and-set cancelled while it waits for the run's lock (the lane's statement timeout) is decided the locked way, once", async () => {
    const p = await player();
    const run = (await startRun(call, p)).body;
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM game_run WHERE id = $1 FOR UPDATE", [run.run_id]);
      // the move goes the unlocked way (the run is cached) and its statement waits on the lane for the row lock
      const answer = sendCommand(call, p, run.run_id, { command_id: "lane-1", sequence: 1, ...suggestCommand("match3_v1", run.view)! });
      const [lane] = await waitersOf(holder, "the lane's compare-and-set");
      await pool().query("SELECT pg_cancel_backend($1)", [lane]);
      // the locked way now waits for the same lock, on a pool connection
      await untilBlockedBy(holder, "the locked way", { n: 1 });
      await holder.query("COMMIT");
      const res = await answer;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ run_id: run.run_id, sequence: 1 });
      const { rows } = await pool().query("SELECT count(*)::int AS n FROM game_command WHERE run_id = $1 AND command_id = 'lane-1'", [run.run_id]);
      expect(rows[0].n).toBe(1);
    } finally {
      await holder.query("ROLLBACK").catch(() => undefined);
      await holder.end();
    }
  });
});
