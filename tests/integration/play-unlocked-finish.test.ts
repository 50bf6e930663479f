import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { playerDataLock, subjectHash } from "@/server/domain/identity/players/anonymise";
import { activePlayersRecorded } from "@/server/domain/money";
import { now } from "@/server/lib/clock";
import { startPlaySuite, stopPlaySuite, type TPlaySuite } from "../helpers/play-suite";
import { newPlayer, playProject, sendCommand, startRun, type TPlayer } from "../helpers/play";
import { untilBlockedBy } from "../helpers/locks";
import { createCampaign } from "../helpers/rewards";
import { billedMonths, boardOf, laneWrites, losing, monthTurn, playFlips, winning, type TRun } from "../helpers/memory-runs";

/**
 * A finishing move of a run whose start this process made (it knows the progress the run started
 * from) is written the unlocked way: one compare-and-set statement on the write lane that takes the
 * player's data lock, then their track progress — only while it is as the start left it — then the
 * run, and writes the command, the progression and the events with it. Anything it cannot be sure
 * of goes the locked way, which decides exactly as before. memory_v1's level 1 (4 pairs, a fifth
 * mistake loses) is won and lost deterministically here: the test reads the faces from the run.
 */
let suite: TPlaySuite;
beforeAll(async () => {
  suite = await startPlaySuite("memory_v1");
  // The project's first win goes the locked way (this process has not seen its game mode yet); after it, free play is known.
  const p = await suite.player();
  const run = await started(p);
  await play(p, run, winning(await boardOf(run.run_id)));
});
afterAll(() => stopPlaySuite(suite));

const started = async (p: TPlayer, body: Record<string, unknown> = {}): Promise<TRun> => {
  const res = await startRun(suite.call, p, body);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const play = (p: TPlayer, run: TRun, flips: number[], opts: { stopBeforeLast?: boolean } = {}) => playFlips(suite.call, p, run, flips, opts);
/** The write lane's finishing-move statements sent while `run` runs, with how many runs each moved. */
const effectsWrites = <T>(run: () => Promise<T>) => laneWrites("command_write_unlocked_fx", (rows) => rows[0].moved, run);

const rowsOf = async (p: TPlayer) => {
  const q = (sql: string) => pool().query(sql, [p.projectId, p.externalUserId]).then((r) => r.rows);
  return {
    track: await q("SELECT next_level_number, cycle_round, levels_completed, track_completed FROM player_progress WHERE project_id = $1 AND external_user_id = $2"),
    levels: await q("SELECT level_number, best_score, best_win_score, completions, first_completed_at IS NOT NULL AS completed FROM level_progress WHERE project_id = $1 AND external_user_id = $2 ORDER BY level_number"),
    results: await q("SELECT level_number, outcome, score, first_completion, is_replay FROM level_result WHERE project_id = $1 AND external_user_id = $2 ORDER BY created_at"),
    runs: await q("SELECT status, end_reason, ended_at IS NOT NULL AS ended FROM game_run WHERE project_id = $1 AND external_user_id = $2 ORDER BY started_at"),
    events: await q("SELECT type, payload->>'level_number' AS level FROM player_event WHERE project_id = $1 AND external_user_id = $2 AND type IN ('game.game_won', 'game.game_lost') ORDER BY id"),
  };
};

describe("a finishing move the unlocked way", () => {
  it("writes a win in one statement: the answer, the stored command and every row as the locked way writes them", async () => {
    // one player whose win goes the locked way (its run was not started here: forgotten), one whose win goes the unlocked way
    const [locked, unlocked] = [await suite.player(), await suite.player()];
    const answers = [];
    for (const p of [locked, unlocked]) {
      const run = await started(p);
      const { finalMove } = await play(p, run, winning(await boardOf(run.run_id)), { stopBeforeLast: true });
      if (p === locked) (await import("@/server/domain/gameplay/play/run-cache")).runCache.drop(run.run_id);
      const { res, writes } = await effectsWrites(() => sendCommand(suite.call, p, run.run_id, finalMove));
      expect(res.status, res.text).toBe(200);
      expect(writes).toEqual(p === locked ? [] : [1]);
      answers.push(res.body);
      const stored = (await pool().query("SELECT response::jsonb AS r FROM game_command WHERE run_id = $1 AND command_id = $2", [run.run_id, finalMove.command_id])).rows[0].r;
      expect(stored).toEqual(res.body);
      // the same command again answers what was stored
      const again = await sendCommand(suite.call, p, run.run_id, finalMove);
      expect(again.body).toEqual(res.body);
    }
    const [a, b] = answers;
    expect(b).toMatchObject({ status: "won", accepted: true, progression: { level_number: 1, first_completion: true, is_replay: false, next_level_number: 2, levels_total: 10, track_complete: false, cycle_round: 1, new_best: true } });
    expect(b.progression).toEqual({ ...a.progression, best_score: b.progression.best_score });
    expect(b.progression.best_score).toBe(b.view.score);
    const [ra, rb] = [await rowsOf(locked), await rowsOf(unlocked)];
    expect(rb.track).toEqual([{ next_level_number: 2, cycle_round: 1, levels_completed: 1, track_completed: false }]);
    expect(rb.levels).toEqual([{ level_number: 1, best_score: b.view.score, best_win_score: b.view.score, completions: 1, completed: true }]);
    expect(rb.results).toEqual([{ level_number: 1, outcome: "won", score: b.view.score, first_completion: true, is_replay: false }]);
    expect(rb.runs).toEqual([{ status: "won", end_reason: "completed", ended: true }]);
    expect(rb.events).toEqual([{ type: "game.game_won", level: "1" }]);
    const scoreless = (r: Awaited<ReturnType<typeof rowsOf>>) => JSON.stringify({ ...r, levels: r.levels.map((l) => ({ ...l, best_score: 0, best_win_score: 0 })), results: r.results.map((l) => ({ ...l, score: 0 })) });
    expect(scoreless(rb)).toBe(scoreless(ra));
  });

  it("writes a loss, and the next level's win carries on from the progress the loss left", async () => {
    const p = await suite.player();
    // level 1 won, then level 2 lost and won, all the unlocked way
    const run1 = await started(p);
    const w1 = await effectsWrites(async () => (await play(p, run1, winning(await boardOf(run1.run_id)))).last!);
    expect(w1.res.body.status).toBe("won");
    expect(w1.writes).toEqual([1]);
    const run2 = await started(p);
    const lost = await effectsWrites(async () => (await play(p, run2, losing(await boardOf(run2.run_id)))).last!);
    expect(lost.res.body).toMatchObject({ status: "lost", progression: { level_number: 2, first_completion: false, next_level_number: 2, new_best: false, cycle_round: 1 } });
    expect(lost.writes).toEqual([1]);
    const run3 = await started(p);
    const w3 = await effectsWrites(async () => (await play(p, run3, winning(await boardOf(run3.run_id)))).last!);
    expect(w3.res.body).toMatchObject({ status: "won", progression: { level_number: 2, first_completion: true, next_level_number: 3 } });
    expect(w3.writes).toEqual([1]);
    const rows = await rowsOf(p);
    expect(rows.track).toEqual([{ next_level_number: 3, cycle_round: 1, levels_completed: 2, track_completed: false }]);
    expect(rows.results.map((r) => [r.level_number, r.outcome])).toEqual([[1, "won"], [2, "lost"], [2, "won"]]);
    expect(rows.levels.map((l) => [l.level_number, l.completions])).toEqual([[1, 1], [2, 1]]);
    expect(rows.events.map((e) => e.type)).toEqual(["game.game_won", "game.game_lost", "game.game_won"]);
  });
});

describe("what sends a finishing move the locked way", () => {
  /** A new player's run of level 1, played to one flip before its end; answers the player, the run and that flip (not sent). */
  async function brink(newcomer: () => Promise<TPlayer> = suite.player, outcome: "won" | "lost" = "won") {
    const p = await newcomer();
    const run = await started(p);
    const board = await boardOf(run.run_id);
    const { finalMove } = await play(p, run, outcome === "won" ? winning(board) : losing(board), { stopBeforeLast: true });
    return { p, run, finalMove };
  }

  it("a track progress that is not as the run's start left it: the move is decided from the database", async () => {
    // written since the start (a level completed elsewhere, as the cache cannot know)
    const a = await brink();
    await pool().query("UPDATE player_progress SET track_completed = true, updated_at = now() WHERE project_id = $1 AND external_user_id = $2", [a.p.projectId, a.p.externalUserId]);
    const changed = await effectsWrites(() => sendCommand(suite.call, a.p, a.run.run_id, a.finalMove));
    expect(changed.writes).toEqual([0]);
    expect(changed.res.body).toMatchObject({ status: "won", progression: { track_complete: true } });
    // another run started since (its start is the progress's last)
    const b = await brink(suite.player, "lost");
    await pool().query("UPDATE player_progress SET last_run_id = gen_random_uuid() WHERE project_id = $1 AND external_user_id = $2", [b.p.projectId, b.p.externalUserId]);
    const other = await effectsWrites(() => sendCommand(suite.call, b.p, b.run.run_id, b.finalMove));
    expect(other.writes).toEqual([0]);
    expect(other.res.body).toMatchObject({ status: "lost" });
    expect((await rowsOf(b.p)).results).toHaveLength(1);
  });

  it("a win after the project left free play: the claim is made", async () => {
    // a project of its own, which this process has seen in free play (its first win went the locked way)
    const { projectId, key } = await playProject(suite.call, suite.admin, "memory_v1");
    const first = await newPlayer(suite.call, projectId, key);
    const firstRun = await started(first);
    await play(first, firstRun, winning(await boardOf(firstRun.run_id)));
    const a = await brink(() => newPlayer(suite.call, projectId, key));
    const patched = await suite.call("PATCH", `/v1/admin/projects/${projectId}`, { token: suite.admin.token, body: { game_mode: "rewards" } });
    expect(patched.status).toBe(200);
    await createCampaign(suite.call, suite.admin, projectId);
    try {
      const res = await effectsWrites(() => sendCommand(suite.call, a.p, a.run.run_id, a.finalMove));
      expect(res.writes).toEqual([0]);
      expect(res.res.body.status).toBe("won");
      expect((await pool().query("SELECT count(*)::int AS n FROM reward_claim WHERE project_id = $1 AND external_user_id = $2", [projectId, a.p.externalUserId])).rows[0].n).toBe(1);
    } finally {
      await suite.call("PATCH", `/v1/admin/projects/${projectId}`, { token: suite.admin.token, body: { game_mode: "free_play" } });
    }
  });

  it("an erasure in progress: the move waits for it, then finds the run gone and writes nothing", async () => {
    const a = await brink();
    const holder = await pool().connect();
    try {
      await holder.query("BEGIN");
      await holder.query(playerDataLock(subjectHash(a.p.projectId, a.p.externalUserId), "exclusive"));
      const moving = effectsWrites(() => sendCommand(suite.call, a.p, a.run.run_id, a.finalMove));
      await untilBlockedBy(holder, "the finishing move waits for the erasure's lock");
      const who = [a.p.projectId, a.p.externalUserId];
      await holder.query("DELETE FROM player_progress WHERE project_id = $1 AND external_user_id = $2", who);
      await holder.query("DELETE FROM game_command c USING game_run r WHERE c.run_id = r.id AND r.project_id = $1 AND r.external_user_id = $2", who);
      await holder.query("DELETE FROM game_run WHERE project_id = $1 AND external_user_id = $2", who);
      await holder.query("COMMIT");
      const moved = await moving;
      expect(moved.writes).toEqual([0]);
      expect(moved.res.status).toBe(404);
    } finally {
      await holder.query("ROLLBACK").catch(() => {});
      holder.release();
    }
    const rows = await rowsOf(a.p);
    expect([rows.track, rows.results, rows.runs, rows.events]).toEqual([[], [], [], []]);
    expect((await pool().query("SELECT count(*)::int AS n FROM level_progress WHERE project_id = $1 AND external_user_id = $2", [a.p.projectId, a.p.externalUserId])).rows[0].n).toBe(0);
  });

  it("a player not yet counted for the month the move falls in: the move is counted for billing", async () => {
    // the run starts a minute before the turn of the month and ends after it
    const months = monthTurn();
    const a = await brink();
    months.cross();
    const res = await effectsWrites(() => sendCommand(suite.call, a.p, a.run.run_id, a.finalMove));
    expect(res.res.body.status).toBe("won");
    expect(res.writes).toEqual([]);
    expect(await billedMonths(a.p)).toEqual([months.before, months.after]);
    expect(activePlayersRecorded([{ projectId: a.p.projectId, externalUserId: a.p.externalUserId, at: now() }])).toBe(true);
  });
});

describe("races", () => {
  it("two finishing moves of one run at once: one finishes it, the other finds it closed, the progression is written once", async () => {
    const p = await suite.player();
    const run = await started(p);
    const { finalMove } = await play(p, run, winning(await boardOf(run.run_id)), { stopBeforeLast: true });
    const twin = { ...finalMove, command_id: randomUUID() };
    const answers = await Promise.all([finalMove, twin].map((m) => sendCommand(suite.call, p, run.run_id, m)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.code).toBe("run_not_active");
    const rows = await rowsOf(p);
    expect(rows.results).toHaveLength(1);
    expect(rows.track).toEqual([{ next_level_number: 2, cycle_round: 1, levels_completed: 1, track_completed: false }]);
    expect(rows.events).toHaveLength(1);
  });

  it("a start holding the player's progress: the finishing move waits for it before it touches the run, so the start can close the run", async () => {
    // Staged as a start that replaces the run does it: the progress row locked first, then the run
    // closed. The move's statement must wait at the progress row (its FOR UPDATE) without holding
    // the run's row: locked the other way round the two deadlock (a 500, or a start refused).
    const p = await suite.player();
    const run = await started(p);
    const { finalMove } = await play(p, run, winning(await boardOf(run.run_id)), { stopBeforeLast: true });
    const who = [p.projectId, p.externalUserId];
    const holder = await pool().connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM player_progress WHERE project_id = $1 AND external_user_id = $2 FOR UPDATE", who);
      const moving = effectsWrites(() => sendCommand(suite.call, p, run.run_id, finalMove));
      await untilBlockedBy(holder, "the finishing move waits for the start's hold on the progress");
      // fails fast instead of waiting for the deadlock detector if the move held the run's row
      await holder.query("SET LOCAL lock_timeout = '2s'");
      await holder.query("UPDATE game_run SET status = 'abandoned', end_reason = 'replaced', ended_at = now() WHERE id = $1 AND status = 'active'", [run.run_id]);
      await holder.query("UPDATE player_progress SET last_run_id = gen_random_uuid(), updated_at = now() WHERE project_id = $1 AND external_user_id = $2", who);
      await holder.query("COMMIT");
      const moved = await moving;
      expect(moved.writes).toEqual([0]);
      expect(moved.res.status).toBe(409);
      expect(moved.res.body.code).toBe("run_not_active");
    } finally {
      await holder.query("ROLLBACK").catch(() => {});
      holder.release();
    }
    const rows = await rowsOf(p);
    expect([rows.results, rows.events]).toEqual([[], []]);
    expect(rows.runs).toEqual([{ status: "abandoned", end_reason: "replaced", ended: true }]);
  });

  it("a finishing move and a start that replaces its run, at once: the run is either won with its progression or abandoned without it", async () => {
    for (let i = 0; i < 4; i++) {
      const p = await suite.player();
      const run = await started(p);
      const { finalMove } = await play(p, run, winning(await boardOf(run.run_id)), { stopBeforeLast: true });
      const [move, start] = await Promise.all([sendCommand(suite.call, p, run.run_id, finalMove), startRun(suite.call, p, { replace_active: true })]);
      expect(start.status).toBe(200);
      const rows = await rowsOf(p);
      if (move.status === 200) {
        expect(move.body.status).toBe("won");
        expect(rows.results).toHaveLength(1);
        expect(rows.track[0]).toMatchObject({ levels_completed: 1 });
        expect(start.body.level.number).toBe(2);
      } else {
        expect(move.body.code).toBe("run_not_active");
        expect(rows.results).toHaveLength(0);
        expect(rows.track[0]).toMatchObject({ levels_completed: 0, next_level_number: 1 });
        expect(rows.runs[0]).toMatchObject({ status: "abandoned" });
      }
    }
  });
});

describe("a move that raises events without ending its run", () => {
  it("writes its events with the move, gated on the run's compare-and-set, under the player's data lock", async () => {
    const { commandWrite, unlockedEffectsWrite } = await import("@/server/domain/gameplay/play/command-sql");
    const p = await suite.player();
    const run = await started(p);
    const row = (await pool().query("SELECT * FROM game_run WHERE id = $1", [run.run_id])).rows[0];
    const hash = subjectHash(p.projectId, p.externalUserId);
    const write = (sequence: number, from: number) => {
      const input = { commandId: randomUUID(), sequence, action: "flip", payload: { index: 0 } };
      const body = { run_id: run.run_id, sequence, accepted: true, status: "active" as const, view: {}, animation_steps: [], facts: [{ name: "goal_completed", goal_index: 0 }] };
      const event = { projectId: p.projectId, externalUserId: p.externalUserId, type: "game.goal_completed", source: "system" as const, runId: run.run_id, payload: { goal_index: 0, sequence }, at: new Date() };
      const w = commandWrite({ row: { ...row, sequence: from }, input, body, state: row.state, score: 0, clientVersion: null, at: new Date(), endReason: null, finished: false, session: [hash, new Date(0)] });
      return unlockedEffectsWrite(w, { run: row, progression: null, events: [event], win: false });
    };
    const goals = () => pool().query("SELECT payload->>'sequence' AS sequence FROM player_event WHERE run_id = $1 AND type = 'game.goal_completed' ORDER BY id", [run.run_id]).then((r) => r.rows.map((e) => Number(e.sequence)));
    const first = write(1, 0);
    expect((await pool().query(first.text, first.values)).rows[0].moved).toBe(1);
    // computed from a sequence the run has left: nothing moves, and no event is written
    const stale = write(2, 0);
    expect((await pool().query(stale.text, stale.values)).rows[0].moved).toBe(0);
    expect(await goals()).toEqual([1]);
    // an erasure in progress is waited for
    const holder = await pool().connect();
    try {
      await holder.query("BEGIN");
      await holder.query(playerDataLock(hash, "exclusive"));
      const next = write(2, 1);
      const writing = pool().query(next.text, next.values);
      await untilBlockedBy(holder, "the move's statement waits for the erasure's lock");
      await holder.query("COMMIT");
      expect((await writing).rows[0].moved).toBe(1);
    } finally {
      holder.release();
    }
    expect(await goals()).toEqual([1, 2]);
  });
});
