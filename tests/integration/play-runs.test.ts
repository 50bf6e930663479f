import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suggestCommand } from "@/games/bots";
import { startPlaySuite, stopPlaySuite, type TPlaySuite } from "../helpers/play-suite";
import { type TAdmin, type TCall } from "../helpers/api";
import { API_ORIGIN, newPlayer, playProject, playToEnd, sendCommand, startRun } from "../helpers/play";
import { untilBlockedBy } from "../helpers/locks";
import { pool } from "@/server/db/client";
import { runCache } from "@/server/domain/gameplay/play/run-cache";
import { RUN_COLUMNS, RUN_COLUMNS_R, runFromJson } from "@/server/domain/gameplay/play/run-model";

let suite: TPlaySuite;
let call: TCall, admin: TAdmin, pgc: pg.Client, player: TPlaySuite["player"], events: TPlaySuite["events"];
beforeAll(async () => {
  suite = await startPlaySuite("match3_v1");
  ({ call, admin, pgc, player, events } = suite);
});
afterAll(() => stopPlaySuite(suite));


describe("starting runs", () => {
  it("starts the player's next level with the project's mechanic, hiding engine internals", async () => {
    const p = await player();
    const res = await startRun(call, p);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ game_id: "match3_v1", mechanic: "match3_v1", game_version: 1, status: "active", sequence: 0, is_replay: false, end_reason: null, resumable: true, resumed: false });
    expect(res.body.level).toMatchObject({ number: 1, version: 2, best_score: 0, cycle_round: 1 });
    expect(res.text).not.toMatch(/"seed"|"rng"|"stream"|"queue"/);
    expect(res.body.view.grid).toBeDefined();
    expect(await events(p, "game.started")).toHaveLength(1);
  });

  it("a start whose first statement fails answers 500, writes nothing, and the service goes on", async () => {
    // The first round trip sends the progress upsert and the runs' read together: the read behind a
    // failed upsert fails too, and that second failure must be handled (unhandled, it stops the process).
    const p = await player();
    const fn = `fail_progress_${randomUUID().replace(/-/g, "")}`;
    await pgc.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.external_user_id = '${p.externalUserId}' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`);
    await pgc.query(`CREATE TRIGGER ${fn} BEFORE INSERT OR UPDATE ON player_progress FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    let failed;
    try {
      failed = await startRun(call, p);
    } finally {
      await pgc.query(`DROP TRIGGER ${fn} ON player_progress`);
      await pgc.query(`DROP FUNCTION ${fn}()`);
    }
    expect(failed.status).toBe(500);
    expect((await pgc.query("SELECT count(*)::int AS n FROM game_run WHERE project_id = $1 AND external_user_id = $2", [p.projectId, p.externalUserId])).rows[0].n).toBe(0);
    await new Promise((r) => setTimeout(r, 50)); // an unhandled rejection would surface here and fail the run
    expect((await startRun(call, p)).status).toBe(200);
  });

  it("returns the active run with resumed=true, or replaces it with replace_active", async () => {
    const p = await player();
    const first = await startRun(call, p);
    const again = await startRun(call, p);
    expect(again.body).toMatchObject({ run_id: first.body.run_id, resumed: true });
    const replaced = await startRun(call, p, { replace_active: true });
    expect(replaced.body.run_id).not.toBe(first.body.run_id);
    const old = await call("GET", `/v1/game-runs/${first.body.run_id}`, { token: p.token });
    expect(old.body).toMatchObject({ status: "abandoned", end_reason: "replaced", resumable: false });
    expect((await events(p, "game.abandoned"))[0].payload.end_reason).toBe("replaced");
  });

  it("20 parallel starts with one start_id create one run", async () => {
    const p = await player();
    const startId = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => startRun(call, p, { start_id: startId })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.run_id)).size).toBe(1);
    const { rows } = await pgc.query("SELECT count(*)::int AS n FROM game_run WHERE project_id = $1 AND external_user_id = $2", [p.projectId, p.externalUserId]);
    expect(rows[0].n).toBe(1);
  });

  it("knows a start_id in any letter case as the same start (a uuid column stores it lower-case)", async () => {
    const p = await player();
    const startId = randomUUID().toUpperCase();
    const first = await startRun(call, p, { start_id: startId, replace_active: true });
    expect(first.status).toBe(200);
    for (const again of [startId, startId.toLowerCase()]) {
      const repeat = await startRun(call, p, { start_id: again, replace_active: true });
      expect(repeat.status).toBe(200);
      expect(repeat.body).toMatchObject({ run_id: first.body.run_id, status: "active", resumed: false });
    }
    const { rows } = await pgc.query("SELECT count(*)::int AS n FROM game_run WHERE project_id = $1 AND external_user_id = $2", [p.projectId, p.externalUserId]);
    expect(rows[0].n).toBe(1);
  });

  it("caches the new run as the database stored it (the insert returns only the level's best)", async () => {
    // newRunRow builds the row the start's statement no longer returns: each column, as the driver reads it back
    for (const ip of [undefined, "2001:db8:5:6:7:8:9:a"]) {
      const base = await player();
      const p = { ...base, ip: ip ?? base.ip };
      const startId = randomUUID().toUpperCase();
      const res = await startRun(call, p, { start_id: startId });
      expect(res.status).toBe(200);
      const cached = runCache.get(res.body.run_id, { projectId: p.projectId, externalUserId: p.externalUserId });
      expect(cached).not.toBeNull();
      const { rows } = await pgc.query(`SELECT ${RUN_COLUMNS} FROM game_run WHERE id = $1`, [res.body.run_id]);
      const { moves, derived, before, ...row } = cached!;
      expect(row).toEqual(rows[0]);
      expect(Object.keys(row).sort()).toEqual(Object.keys(rows[0]).sort());
      expect(rows[0]).toMatchObject({ start_id: startId.toLowerCase(), status: "active", sequence: 0 });
      expect(rows[0].client_ip_hash).toEqual(expect.any(String));
      expect(rows[0].client_addr_hash === null).toBe(ip === undefined);
      expect(moves).toEqual([]);
      expect(derived).toBe(true); // its state is this process's engine's: the level's init
      expect(before).toMatchObject({ lp_best_score: null, lp_completions: null });
    }
  });

  it("reads a run back from its one JSON column as from its columns (the start's read of the player's runs)", async () => {
    const p = await player();
    const first = await startRun(call, p);
    await playToEnd(call, p, first.body); // ended: end_reason and ended_at set
    const second = await startRun(call, p);
    for (const id of [first.body.run_id, second.body.run_id]) {
      const columns = (await pgc.query(`SELECT ${RUN_COLUMNS} FROM game_run WHERE id = $1`, [id])).rows[0];
      const json = (await pgc.query(`SELECT to_json(x) AS run FROM (SELECT ${RUN_COLUMNS_R} FROM game_run r WHERE r.id = $1) x`, [id])).rows[0].run;
      expect(runFromJson(json)).toEqual(columns);
    }
    const ended = (await pgc.query("SELECT ended_at FROM game_run WHERE id = $1", [first.body.run_id])).rows[0];
    expect(ended.ended_at).toBeInstanceOf(Date);
  });

  it("resolves a repeated start_id before the rate limit (10 starts per minute)", async () => {
    const p = await player();
    const startId = randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await startRun(call, p, i === 0 ? { start_id: startId } : { replace_active: true })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await startRun(call, p, { start_id: startId })).status).toBe(200);
  });

  it("repeats of a start_id do not use up the player's starts", async () => {
    const p = await player();
    const startId = randomUUID();
    expect((await startRun(call, p, { start_id: startId })).status).toBe(200);
    for (let i = 0; i < 15; i++) expect((await startRun(call, p, { start_id: startId })).status).toBe(200);
    // Nine more real starts fit in the minute's ten; the eleventh does not.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await startRun(call, p, { replace_active: true })).status);
    expect(statuses).toEqual([...Array(9).fill(200), 429]);
  });

  it("requires the API origin", async () => {
    const p = await player();
    expect((await startRun(call, p, {}, "")).body.code).toBe("origin_not_allowed");
    expect((await startRun(call, p, {}, "https://evil.example")).status).toBe(403);
  });

  it("refuses a mechanic mismatch, unsupported game versions and locked replays", async () => {
    const p = await player();
    expect((await startRun(call, p, { expected_mechanic: "memory_v1" })).body).toMatchObject({ code: "mechanic_mismatch", mechanic: "match3_v1" });
    expect((await startRun(call, p, { supported_game_versions: [[2, 5]] })).body).toMatchObject({ code: "unsupported_game_version", game_version: 1 });
    expect((await startRun(call, p, { supported_game_versions: [[1, 1]] })).status).toBe(200);
    expect((await startRun(call, p, { level_number: 3, replace_active: true })).body.code).toBe("level_locked");
  });

  it("answers mechanic_unavailable when the project has no game", async () => {
    const { projectId, key } = await playProject(call, admin, "match3_v1");
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { play_mechanic: null } });
    const p = await newPlayer(call, projectId, key);
    expect((await startRun(call, p)).body).toMatchObject({ code: "mechanic_unavailable", reason: "not_configured" });
  });
});

describe("commands", () => {
  it("applies a valid move, refuses an invalid one with HTTP 200, and enforces the sequence", async () => {
    const p = await player();
    const run = (await startRun(call, p)).body;
    const bad = await sendCommand(call, p, run.run_id, { command_id: "c1", sequence: 1, action: "swap", payload: { from: { row: 0, col: 0 }, to: { row: 5, col: 5 } } });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ accepted: false, rejection_code: "not_adjacent", sequence: 1, status: "active" });
    const move = suggestCommand("match3_v1", bad.body.view)!;
    // Sequence checks first: a valid move may end level 1 at once, after which the run is closed.
    const gap = await sendCommand(call, p, run.run_id, { command_id: "c3", sequence: 9, ...move });
    expect(gap.status).toBe(409);
    expect(gap.body).toMatchObject({ code: "sequence_conflict", expected_sequence: 2 });
    const repeat = await sendCommand(call, p, run.run_id, { command_id: "c4", sequence: 1, ...move });
    expect(repeat.body.code).toBe("sequence_conflict");
    const ok = await sendCommand(call, p, run.run_id, { command_id: "c2", sequence: 2, ...move });
    expect(ok.body.accepted).toBe(true);
    expect(ok.body.animation_steps[0].type).toBe("swap");
  });

  it("returns the stored response for a repeated command_id", async () => {
    const p = await player();
    const run = (await startRun(call, p)).body;
    const move = suggestCommand("match3_v1", run.view)!;
    const first = await sendCommand(call, p, run.run_id, { command_id: "same", sequence: 1, ...move });
    const replay = await sendCommand(call, p, run.run_id, { command_id: "same", sequence: 1, ...move });
    expect(replay.body).toEqual(first.body);
  });

  it("20 parallel identical commands: one is applied, all get its response", async () => {
    const p = await player();
    const run = (await startRun(call, p)).body;
    const move = suggestCommand("match3_v1", run.view)!;
    const body = { command_id: randomUUID(), sequence: 1, ...move };
    const results = await Promise.all(Array.from({ length: 20 }, () => sendCommand(call, p, run.run_id, body)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    for (const r of results) expect(r.body).toEqual(results[0]!.body); // jsonb may reorder keys; content is the same
    const { rows } = await pgc.query("SELECT count(*)::int AS n FROM game_command WHERE run_id = $1", [run.run_id]);
    expect(rows[0].n).toBe(1);
    expect((await call("GET", `/v1/game-runs/${run.run_id}`, { token: p.token })).body.sequence).toBe(1);
  });

  it("20 parallel different commands for one sequence: exactly one is applied, the others are refused, and the run is its result", async () => {
    const p = await player();
    const run = (await startRun(call, p)).body;
    const move = suggestCommand("match3_v1", run.view)!;
    const results = await Promise.all(Array.from({ length: 20 }, () => sendCommand(call, p, run.run_id, { command_id: randomUUID(), sequence: 1, ...move })));
    const applied = results.filter((r) => r.status === 200);
    expect(applied).toHaveLength(1);
    // The losers are told the run moved on (or, when the winning move ended the level, that it is over).
    const over = applied[0]!.body.status !== "active";
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject(over ? { code: "run_not_active" } : { code: "sequence_conflict", expected_sequence: 2 });
    }
    const { rows } = await pgc.query("SELECT r.sequence, r.state, c.response::jsonb AS response FROM game_run r JOIN game_command c ON c.run_id = r.id WHERE r.id = $1", [run.run_id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].sequence).toBe(1);
    expect(rows[0].response.view).toEqual(applied[0]!.body.view);
  });

  it("a command_id a twin stored one sequence earlier while this move waited for the run's lock answers 409 idempotency_conflict, never 500", async () => {
    const p = await player();
    const run = (await startRun(call, p)).body;
    const commandId = randomUUID();
    // the twin (this command_id at sequence 1) holds the run's lock, stored and not committed yet
    const holder = await pool().connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM game_run WHERE id = $1 FOR UPDATE", [run.run_id]);
      const response = { run_id: run.run_id, sequence: 1, accepted: false, status: "active", view: run.view, animation_steps: [], facts: [] };
      await holder.query("INSERT INTO game_command (run_id, sequence, command_id, action, payload, accepted, response, created_at) VALUES ($1, 1, $2, 'swap', '{}'::jsonb, false, $3, now())", [
        run.run_id, commandId, JSON.stringify(response),
      ]);
      await holder.query("UPDATE game_run SET sequence = 1 WHERE id = $1", [run.run_id]);
      // the same command_id at sequence 2: the locked read waits, then finds the run at sequence 1
      const second = sendCommand(call, p, run.run_id, { command_id: commandId, sequence: 2, ...suggestCommand("match3_v1", run.view)! });
      await untilBlockedBy(holder, "the twin's lock on the run");
      await holder.query("COMMIT");
      const res = await second;
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code: "idempotency_conflict" });
    } finally {
      holder.release();
    }
    const { rows } = await pgc.query("SELECT sequence FROM game_command WHERE run_id = $1 ORDER BY sequence", [run.run_id]);
    expect(rows).toEqual([{ sequence: 1 }]);
  });

  it("a burst of moves racing each other loses none: every acknowledged move is stored, in sequence order", async () => {
    const p = await player();
    const run = (await startRun(call, p)).body;
    // Each round sends the next move three times with different ids: one wins, two lose the race.
    let view = run.view;
    let sequence = 0;
    for (let i = 0; i < 6; i++) {
      const move = suggestCommand("match3_v1", view);
      if (!move) break;
      const answers = await Promise.all(Array.from({ length: 3 }, () => sendCommand(call, p, run.run_id, { command_id: randomUUID(), sequence: sequence + 1, ...move })));
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      sequence = won[0]!.body.sequence;
      view = won[0]!.body.view;
      if (won[0]!.body.status !== "active") break;
    }
    const stored = await pgc.query("SELECT sequence FROM game_command WHERE run_id = $1 ORDER BY sequence", [run.run_id]);
    expect(stored.rows.map((r) => r.sequence)).toEqual(Array.from({ length: sequence }, (_, i) => i + 1));
    expect((await call("GET", `/v1/game-runs/${run.run_id}`, { token: p.token })).body).toMatchObject({ sequence, view });
  });

  it("a run moved or closed elsewhere is never moved by this process's stale hint about it", async () => {
    // Refused moves (cells that are not neighbours) keep the run active and still take the fast way.
    const mistap = { action: "swap", payload: { from: { row: 0, col: 0 }, to: { row: 0, col: 2 } } };
    const p = await player();
    const run = (await startRun(call, p)).body;
    const first = await sendCommand(call, p, run.run_id, { command_id: randomUUID(), sequence: 1, ...mistap });
    expect(first.body).toMatchObject({ accepted: false, status: "active" });
    // Another instance applies move 2 (simulated in SQL): this process still remembers move 1.
    await pgc.query("UPDATE game_run SET sequence = 2 WHERE id = $1", [run.run_id]);
    const stale = await sendCommand(call, p, run.run_id, { command_id: randomUUID(), sequence: 2, ...mistap });
    expect(stale.body).toMatchObject({ code: "sequence_conflict", expected_sequence: 3 });
    expect((await pgc.query("SELECT count(*)::int AS n FROM game_command WHERE run_id = $1", [run.run_id])).rows[0].n).toBe(1);

    // The expiry job (or another instance) closes a run this process remembers: the next move is refused, not applied.
    const other = (await startRun(call, p, { replace_active: true })).body;
    const one = await sendCommand(call, p, other.run_id, { command_id: randomUUID(), sequence: 1, ...mistap });
    expect(one.body).toMatchObject({ accepted: false, status: "active" });
    await pgc.query("UPDATE game_run SET status = 'abandoned', end_reason = 'expired' WHERE id = $1", [other.run_id]);
    const closed = await sendCommand(call, p, other.run_id, { command_id: randomUUID(), sequence: 2, ...mistap });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe("run_not_active");
    expect((await pgc.query("SELECT status, sequence FROM game_run WHERE id = $1", [other.run_id])).rows[0]).toEqual({ status: "abandoned", sequence: 1 });
  });

  it("checks the stored envelope (8192 bytes as jsonb text) and the match3 payload (512 bytes)", async () => {
    const p = await player();
    const run = (await startRun(call, p)).body;
    const huge = await sendCommand(call, p, run.run_id, { command_id: "x", sequence: 1, action: "swap", payload: { pad: "a".repeat(8200) } });
    expect(huge.status).toBe(422);
    expect(huge.body.code).toBe("validation_error");
    const big = await sendCommand(call, p, run.run_id, { command_id: "y", sequence: 1, action: "swap", payload: { from: { row: 0, col: 0 }, to: { row: 0, col: 1 }, pad: "a".repeat(600) } });
    expect(big.body).toMatchObject({ accepted: false, rejection_code: "invalid_payload" });
  });

  it("refuses a command carrying U+0000 or an unpaired surrogate with 422, and the run stays where it was", async () => {
    const p = await player();
    const run = (await startRun(call, p)).body;
    const move = suggestCommand("match3_v1", run.view)!;
    for (const command of [
      { command_id: randomUUID(), sequence: 1, ...move, payload: { ...move.payload, note: "a\u0000b" } },
      { command_id: `c-\ud800`, sequence: 1, ...move },
    ]) {
      const res = await sendCommand(call, p, run.run_id, command);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("validation_error");
    }
    expect((await pgc.query("SELECT status, sequence FROM game_run WHERE id = $1", [run.run_id])).rows[0]).toEqual({ status: "active", sequence: 0 });
    expect((await sendCommand(call, p, run.run_id, { command_id: randomUUID(), sequence: 1, ...move })).status).toBe(200);
  });

  it("answers plain text for an invalid run id in the command path, JSON for body errors", async () => {
    const p = await player();
    const res = await call("POST", "/v1/game-runs/not-a-uuid/commands", { token: p.token, headers: { origin: API_ORIGIN }, body: {} });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const run = (await startRun(call, p)).body;
    const badJson = await call("POST", `/v1/game-runs/${run.run_id}/commands`, { token: p.token, headers: { origin: API_ORIGIN, "content-type": "application/json" }, rawBody: "{oops" });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ code: "validation_error" });
    expect(badJson.body.request_id).toBeTruthy();
    const wrongType = await call("POST", `/v1/game-runs/${run.run_id}/commands`, { token: p.token, headers: { origin: API_ORIGIN, "content-type": "text/plain" }, rawBody: "{}" });
    expect(wrongType.status).toBe(415);
  });

  it("hides other players' runs (404) and ignores an invalid client version header", async () => {
    const a = await player();
    const b = await player();
    const run = (await startRun(call, a)).body;
    expect((await call("GET", `/v1/game-runs/${run.run_id}`, { token: b.token })).status).toBe(404);
    const move = suggestCommand("match3_v1", run.view)!;
    expect((await sendCommand(call, b, run.run_id, { command_id: "z", sequence: 1, ...move })).status).toBe(404);
    // Refused moves (not adjacent) keep the run active whatever the board, so the test does not depend on the seed.
    const refused = { action: "swap", payload: { from: { row: 0, col: 0 }, to: { row: 3, col: 3 } } };
    const res = await sendCommand(call, a, run.run_id, { command_id: "z", sequence: 1, ...refused }, { "x-service-client-version": "DROP TABLE" });
    expect(res.status).toBe(200);
    const ok = await sendCommand(call, a, run.run_id, { command_id: "z2", sequence: 2, ...refused }, { "x-service-client-version": "r0123456789ab" });
    expect(ok.status).toBe(200);
    const { rows } = await pgc.query("SELECT client_version FROM game_command WHERE run_id = $1 ORDER BY sequence", [run.run_id]);
    expect(rows.map((r) => r.client_version)).toEqual([null, "r0123456789ab"]);
  });
});
