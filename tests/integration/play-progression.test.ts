import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suggestCommand } from "@/games/bots";
import { getMechanic } from "@/games/registry";
import { startPlaySuite, stopPlaySuite, type TPlaySuite } from "../helpers/play-suite";
import { type TAdmin, type TCall } from "../helpers/api";
import { API_ORIGIN, newPlayer, playProject, playToEnd, sendCommand, startRun } from "../helpers/play";

let suite: TPlaySuite;
let call: TCall, admin: TAdmin, pgc: pg.Client, player: TPlaySuite["player"], events: TPlaySuite["events"];
beforeAll(async () => {
  suite = await startPlaySuite("match3_v1");
  ({ call, admin, pgc, player, events } = suite);
});
afterAll(() => stopPlaySuite(suite));


describe("progression", () => {
  it("a win carries progression and game_won, advances the track; replays never count", async () => {
    const p = await player();
    const run = (await startRun(call, p)).body;
    const end = await playToEnd(call, p, run);
    expect(end.status).toBe("won");
    expect(end.facts.map((f: { name: string }) => f.name)).toContain("game_won");
    expect(end.progression).toMatchObject({ level_number: 1, first_completion: true, is_replay: false, next_level_number: 2, levels_total: 20, track_complete: false, cycle_round: 1, new_best: true });
    expect(end.progression.best_score).toBeGreaterThan(0);
    // the moves left became a bonus inside the score the server kept (best score, stars)
    const won = end.facts.find((f: { name: string }) => f.name === "game_won");
    expect(won).toMatchObject({ bonus: end.view.bonus, stars: end.view.stars, score: end.view.score });
    expect(won.bonus).toBe(100 * end.view.moves_left);
    expect(end.view.stars).toBeGreaterThanOrEqual(1);
    expect(end.progression.best_score).toBe(end.view.score);
    expect(await events(p, "game.game_won")).toHaveLength(1);
    const next = (await startRun(call, p)).body;
    expect(next.level.number).toBe(2);
    const replay = (await startRun(call, p, { level_number: 1, replace_active: true })).body;
    expect(replay).toMatchObject({ is_replay: true });
    expect(replay.level).toMatchObject({ number: 1, best_score: end.progression.best_score });
    const replayEnd = await playToEnd(call, p, replay);
    // Level 1 is won by the reference bot on every seed (3 000 checked): the branch is always taken.
    expect(replayEnd.status).toBe("won");
    expect(replayEnd.progression).toMatchObject({ first_completion: false, is_replay: true, next_level_number: 2 });
    const after = await call("POST", `/v1/game-runs/${run.run_id}/commands`, { token: p.token, headers: { origin: API_ORIGIN }, body: { command_id: "late", sequence: 99, action: "swap", payload: {} } });
    expect(after.status).toBe(409);
    expect(after.body.code).toBe("run_not_active");
  });

  it("a run keeps the level version and mechanic it started with, also after the project switches games", async () => {
    const { projectId, key } = await playProject(call, admin, "match3_v1");
    const p = await newPlayer(call, projectId, key);
    const run = (await startRun(call, p)).body;
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { play_mechanic: "memory_v1" } });
    const read = await call("GET", `/v1/game-runs/${run.run_id}`, { token: p.token });
    expect(read.body).toMatchObject({ mechanic: "match3_v1", level: { version: 2 } });
    const cmd = await sendCommand(call, p, run.run_id, { command_id: "m1", sequence: 1, ...suggestCommand("match3_v1", run.view)! });
    expect(cmd.body.accepted).toBe(true);
  });
});

describe("status metrics", () => {
  it("records start and command latency per mechanic and action", async () => {
    const body = (await call("GET", "/v1/status")).body;
    expect(body.game_run_latency_ms.match3_v1.swap.count).toBeGreaterThan(0);
    expect(body.game_run_latency_ms.match3_v1.start.count).toBeGreaterThan(0);
  });

  it("labels only the game's own actions: a player's made-up action neither adds a label nor forges another's samples", async () => {
    const p = await player();
    const run = (await startRun(call, p)).body;
    for (const [i, action] of ["start|40", "x|y", "zz-made-up"].entries()) {
      const res = await sendCommand(call, p, run.run_id, { command_id: randomUUID(), sequence: i + 1, action, payload: {} });
      expect(res.body.accepted, action).toBe(false); // refused by the game, not an error
    }
    // /v1/status counts every test file's players (one Redis), so counts move under this test: it
    // judges the labels, which only the game's actions, the start and "other" may be.
    const after = (await call("GET", "/v1/status")).body.game_run_latency_ms.match3_v1;
    expect(Object.keys(after)).toContain("other");
    for (const label of Object.keys(after)) expect([...getMechanic("match3_v1").actions, "start", "other"], label).toContain(label);
    for (const v of Object.values(after) as Array<{ p99: number | null }>) expect(Number.isNaN(v.p99)).toBe(false);
  });
});

describe("a finished run's progression", () => {
  it("a lost run raises the level's best score but not its best win, and the lobby's stars follow the best win", async () => {
    const { planProgression, PROGRESSION_BEFORE_COLUMNS, PROGRESSION_BEFORE_JOINS } = await import("@/server/domain/gameplay/play/progression");
    const { RUN_COLUMNS_R } = await import("@/server/domain/gameplay/play/run-model");
    const { withTransaction } = await import("@/server/db/tx");
    const { publishedTrack } = await import("@/server/domain/gameplay/play/levels");
    const { starsForScore } = await import("@/games/stars");
    const stars = (await publishedTrack("match3_v1")).levels[0]!.stars!;
    const p = await player();
    // Level 1 finished twice, as the command's write statement does it: won for one star, then
    // (a replay of the same level) lost with more points than three stars need.
    const finish = async (outcome: "won" | "lost", score: number) => {
      const run = (await startRun(call, p, { replace_active: true, ...(outcome === "lost" ? { level_number: 1 } : {}) })).body;
      await withTransaction(async (tx) => {
        const row = (await tx.query(`SELECT ${RUN_COLUMNS_R}, ${PROGRESSION_BEFORE_COLUMNS} FROM game_run r ${PROGRESSION_BEFORE_JOINS} WHERE r.id = $1 FOR UPDATE OF r`, [run.run_id])).rows[0];
        const w = planProgression({ run: row, outcome, score, levelsTotal: 20, at: new Date(), before: row }).ctes(0);
        await tx.query(`WITH ${w.ctes.join(", ")} SELECT 1`, w.values);
      });
    };
    const oneStar = stars[0]!;
    const threeStars = stars[2]! + 1000;
    expect(starsForScore(oneStar, stars)).toBe(1);
    await finish("won", oneStar);
    await finish("lost", threeStars);
    expect((await pgc.query("SELECT best_score, best_win_score, completions FROM level_progress WHERE project_id = $1 AND external_user_id = $2 AND level_number = 1", [p.projectId, p.externalUserId])).rows).toEqual([
      { best_score: threeStars, best_win_score: oneStar, completions: 1 },
    ]);
    const lobby = (await call("GET", "/v1/lobby", { token: p.token })).body;
    expect(lobby.play.level_stars.slice(0, 2)).toEqual([1, 0]);
  });


  it("comes with the command's locked read (the track progress locked too) and writes as CTEs of the command's own statement", async () => {
    const { planProgression, PROGRESSION_BEFORE_COLUMNS, PROGRESSION_BEFORE_JOINS } = await import("@/server/domain/gameplay/play/progression");
    const { RUN_COLUMNS_R } = await import("@/server/domain/gameplay/play/run-model");
    const { withTransaction } = await import("@/server/db/tx");
    const p = await player();
    const run = (await startRun(call, p)).body;
    const undo = new Error("roll back");
    let seen: { locked: string | undefined; progression: unknown; rows: unknown } | null = null;
    await withTransaction(async (tx) => {
      const row = (
        await tx.query(
          `SELECT ${RUN_COLUMNS_R}, ${PROGRESSION_BEFORE_COLUMNS} FROM game_run r ${PROGRESSION_BEFORE_JOINS} WHERE r.id = $1 FOR UPDATE OF r`,
          [run.run_id],
        )
      ).rows[0];
      // Another connection cannot take the player's progress row meanwhile (a start would queue behind it).
      const locked = await pgc
        .query("SELECT 1 FROM player_progress WHERE project_id = $1 AND external_user_id = $2 FOR UPDATE NOWAIT", [p.projectId, p.externalUserId])
        .then(() => undefined, (e: { code?: string }) => e.code);
      const plan = planProgression({ run: row, outcome: "won", score: 1234, levelsTotal: 10, at: new Date(), before: row });
      // Numbered after the caller's own parameters, as the command's write statement does.
      const w = plan.ctes(1);
      await tx.query(`WITH ${w.ctes.join(", ")} SELECT $1::int AS caller`, [7, ...w.values]);
      const rows = {
        track: (await tx.query("SELECT next_level_number, levels_completed FROM player_progress WHERE project_id = $1 AND external_user_id = $2", [p.projectId, p.externalUserId])).rows,
        level: (await tx.query("SELECT level_number, best_score, completions FROM level_progress WHERE project_id = $1 AND external_user_id = $2", [p.projectId, p.externalUserId])).rows,
        results: (await tx.query("SELECT outcome, score, first_completion FROM level_result WHERE run_id = $1", [run.run_id])).rows,
      };
      seen = { locked, progression: plan.progression, rows };
      throw undo;
    }).catch((e) => {
      if (e !== undo) throw e;
    });
    expect(seen).toEqual({
      locked: "55P03",
      progression: expect.objectContaining({ level_number: 1, first_completion: true, next_level_number: 2, best_score: 1234, new_best: true }),
      rows: {
        track: [{ next_level_number: 2, levels_completed: 1 }],
        level: [{ level_number: 1, best_score: 1234, completions: 1 }],
        results: [{ outcome: "won", score: 1234, first_completion: true }],
      },
    });
    // Rolled back with the transaction: nothing of it stayed.
    expect((await pgc.query("SELECT count(*)::int AS n FROM level_result WHERE run_id = $1", [run.run_id])).rows[0].n).toBe(0);
  });
});
