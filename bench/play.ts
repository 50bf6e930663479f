import { randomUUID } from "node:crypto";
import pg from "pg";
import { suggestCommand } from "@/games/bots";
import type { TMechanicId } from "@/games/manifests";
import { benchAdmin, json, phaseClock, preparedQuery, stats, statsRow } from "./lib";

/**
 * The game-command scenario. Players (many, so no player hits the 10 starts/minute limit) each
 * play runs with the reference bot through the real HTTP API, one command at a time. In the same
 * run the database's own limit is measured for the same transaction shape (lock the run row,
 * insert the command, update the run) with a direct SQL driver and payloads of the same size.
 */
/** Admin → project playing `mechanic` → a session:issue key (through the public API, like an integrator). */
export async function setupPlayProject(base: string, mechanic: TMechanicId) {
  const auth = await benchAdmin(base);
  const project = await json(base, "POST", "/v1/admin/projects", { name: "bench", allowed_origins: [] }, auth);
  const patched = await json(base, "PATCH", `/v1/admin/projects/${project.body.project_id}`, { play_mechanic: mechanic }, auth);
  if (patched.status !== 200) throw new Error(`cannot select ${mechanic}: ${JSON.stringify(patched.body)}`);
  const key = await json(base, "POST", `/v1/admin/projects/${project.body.project_id}/api-keys`, { name: "bench", scopes: ["session:issue"] }, auth);
  return { projectId: project.body.project_id as string, key: key.body.secret as string };
}

/**
 * Drives commands for `seconds` with `concurrency` workers over `players` players; optional pacing
 * (commands/s). Before the timed part the workers play untimed: each enters a run at a random
 * point, then, paced, they go on for `warmSeconds` more (default 2 when paced, 0 otherwise), so
 * the timed part starts in the steady state it measures. `onTimed` runs when the timed part begins
 * (the load keeps going while it runs).
 */
export async function driveCommands(opts: { base: string; projectId: string; key: string; players: number; concurrency: number; seconds: number; ratePerSecond?: number; warmSeconds?: number; onTimed?: () => Promise<unknown> }) {
  const { base } = opts;
  const origin = base.replace("127.0.0.1", "localhost");
  const tokens: string[] = [];
  for (let i = 0; i < opts.players; i++) {
    const s = await json(base, "POST", "/v1/server/session-token", { project_id: opts.projectId, external_user_id: `bench-${i}-${randomUUID().slice(0, 6)}` }, { authorization: `Bearer ${opts.key}`, "x-forwarded-for": `10.9.${i >> 8}.${i & 255}` });
    tokens.push(s.body.session_token);
  }
  const samples: number[] = [];
  let errors = 0;
  let next = 0;
  /** Runs started once the timed part had begun: the commands' CPU per request carries theirs too. */
  let starts = 0;
  /** Starts and commands of the timed part answered 429: the players' own rate limits, which a fast enough machine reaches. */
  const limited = { starts: 0, commands: 0 };
  const clock = phaseClock(opts);
  const { interval, going } = clock;
  type TRun = { runId: string; mechanic: TMechanicId; view: unknown; sequence: number };
  const startRun = async (auth: Record<string, string>): Promise<TRun | null> => {
    const timed = clock.timed();
    if (timed) starts++;
    const start = await json(base, "POST", "/v1/game-runs", { start_id: randomUUID(), intent: "next", replace_active: true }, auth);
    if (start.status !== 200) {
      if (start.status === 429 && timed) limited.starts++;
      if (errors++ === 0) console.error(`first start error: ${start.status} ${JSON.stringify(start.body)}`);
      return null;
    }
    return { runId: start.body.run_id, mechanic: start.body.mechanic, view: start.body.view, sequence: start.body.sequence };
  };
  /** One bot move (recorded once the timed part has begun; paced throughout); false when the run is over or the move failed. */
  const move = async (run: TRun, auth: Record<string, string>): Promise<boolean> => {
    const cmd = suggestCommand(run.mechanic, run.view as never);
    if (!cmd) return false;
    const counted = clock.timed();
    const t0 = performance.now();
    const res = await json(base, "POST", `/v1/game-runs/${run.runId}/commands`, { command_id: randomUUID(), sequence: run.sequence + 1, ...cmd }, auth);
    const ms = performance.now() - t0;
    if (res.status !== 200) {
      if (res.status === 429 && counted) limited.commands++;
      if (errors++ === 0) console.error(`first command error: ${res.status} ${JSON.stringify(res.body)}`);
      return false;
    }
    if (counted) samples.push(ms);
    run.sequence = res.body.sequence;
    run.view = res.body.view;
    if (res.body.status !== "active") return false;
    await clock.pace(ms);
    return true;
  };
  const player = () => {
    const token = tokens[next++ % tokens.length]!;
    return { authorization: `Bearer ${token}`, origin };
  };
  // Each worker enters at a random point of a run (0–9 moves already played, untimed): workers that
  // all start a run together stay in step, and then all their finishing moves and next starts
  // arrive within the same few hundred ms, once per run (a herd of 32 that no population of
  // independent players forms, and that made the half-load tail a bench artefact). Paced workers
  // also start at a random point of their period, or all 32 would send together every period.
  const warm = await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      if (interval > 0) await new Promise((r) => setTimeout(r, Math.random() * interval));
      const auth = player();
      const run = await startRun(auth);
      if (!run) return null;
      const moves = Math.floor(Math.random() * 10);
      for (let i = 0; i < moves; i++) if (!(await move(run, auth))) return null;
      return { auth, run };
    }),
  );
  const worker = async (i: number) => {
    const first = warm[i];
    if (first) while (going() && (await move(first.run, first.auth)));
    while (going()) {
      const auth = player();
      const run = await startRun(auth);
      if (!run) continue;
      while (going() && (await move(run, auth)));
    }
  };
  const workers = Promise.all(Array.from({ length: opts.concurrency }, (_, i) => worker(i)));
  // The paced load goes on untimed for a while: after an idle spell (the yardsticks run between
  // the phases) the first second had been the half-load tail — the web process's collector
  // shrinks an idle heap, and two mark-compacts came right after the load resumed.
  const started = await clock.begin(opts.onTimed); // the caller's meters start here, after the untimed warm-up
  await workers;
  return { ...stats(samples, (Date.now() - started) / 1000, errors), starts, limited };
}

/**
 * The line under the play phase's CPU: the web process's CPU per request there is its CPU over the
 * phase divided by the commands, so it carries the runs' starts as well (what a start costs against a
 * command: docs/performance.md, "CPU per request").
 */
export function startsLine(s: { count: number; starts: number }): string {
  const per = s.starts > 0 ? `one per ${(s.count / s.starts).toFixed(1)} commands` : "none";
  return `runs started in the phase: ${s.starts} (${per}); the CPU per request above is per command with its runs' starts included`;
}

/**
 * The line for the timed part's 429 answers, or "" when there were none. The bench's players are
 * many so that none reaches its own limits (12 commands a second, 10 starts a minute); on a fast
 * enough machine some do. The CPU per request above is the phase's CPU, these answers' included,
 * over the commands answered: they add a little to it (and a refused command ends its run, so its
 * player starts another).
 */
export function limitedLine(s: { count: number; starts: number; limited: { starts: number; commands: number } }): string {
  const { starts, commands } = s.limited;
  if (starts + commands === 0) return "";
  // the phase's requests: its answered commands, its start attempts (limited ones included) and its limited commands
  const share = (100 * (starts + commands)) / (s.count + s.starts + commands);
  return `rate-limited (429) in the phase: ${commands} commands and ${starts} starts (${share.toFixed(2)} % of its requests): its players reached their own limits; the CPU per request above includes these answers' CPU but counts only the commands answered`;
}

/** The database's own limit for the command transaction shape, with the real state and response sizes. */
export async function databaseLimit(opts: { databaseUrl: string; connections: number; seconds: number; stateBytes: number; responseBytes: number }) {
  const setup = new pg.Client({ connectionString: opts.databaseUrl });
  await setup.connect();
  const project = (await setup.query("SELECT id FROM project LIMIT 1")).rows[0].id as string;
  const state = JSON.stringify({ blob: "x".repeat(opts.stateBytes) });
  const response = JSON.stringify({ blob: "y".repeat(opts.responseBytes) });
  const runs: string[] = [];
  for (let i = 0; i < opts.connections; i++) {
    const id = randomUUID();
    await setup.query(
      `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version, cycle_round, is_replay, seed, state, status, started_at, last_activity_at, expires_at)
       VALUES ($1, $2, $3, 'match3_v1', 1, 'bench', 1, 1, 1, 1, false, 's', $4::jsonb, 'bench', now(), now(), now() + interval '1 day')`,
      [id, project, `dblimit-${i}-${id}`, state],
    );
    runs.push(id);
  }
  await setup.end();
  const samples: number[] = [];
  const deadline = Date.now() + opts.seconds * 1000;
  const started = Date.now();
  await Promise.all(
    runs.map(async (runId) => {
      const c = new pg.Client({ connectionString: opts.databaseUrl });
      await c.connect();
      const q = preparedQuery(c, "yard_command");
      let seq = 0;
      while (Date.now() < deadline) {
        const t0 = performance.now();
        await q("BEGIN");
        await q("SELECT id, sequence, state FROM game_run WHERE id = $1 FOR UPDATE", [runId]);
        seq++;
        await q(
          `INSERT INTO game_command (run_id, sequence, command_id, action, payload, accepted, response, created_at) VALUES ($1, $2, $3, 'swap', '{"from":{"row":1,"col":1},"to":{"row":1,"col":2}}', true, $4, now())`,
          [runId, seq, randomUUID(), response],
        );
        await q("UPDATE game_run SET sequence = $2, state = $3::jsonb, last_activity_at = now() WHERE id = $1", [runId, seq, state]);
        await q("COMMIT");
        samples.push(performance.now() - t0);
      }
      await c.end();
    }),
  );
  return stats(samples, (Date.now() - started) / 1000, 0);
}

export { statsRow };

/**
 * The database's limit for the statement the API's common move runs now: one compare-and-set
 * statement (command row + run state, prepared) per move, no transaction around it, built by the
 * domain's own commandWrite so the SQL is the same.
 */
/**
 * The database's own rate for the API's common-move statement on a direct driver; with
 * `ratePerSecond`, paced to that rate instead, to show the statement's own latency (the floor of
 * the API's) at the load the API was given.
 */
export async function casDatabaseLimit(opts: { databaseUrl: string; connections: number; seconds: number; stateBytes: number; responseBytes: number; ratePerSecond?: number }) {
  const { commandWrite } = await import("@/server/domain/gameplay/play/command-sql");
  const setup = new pg.Client({ connectionString: opts.databaseUrl });
  await setup.connect();
  const project = (await setup.query("SELECT id FROM project LIMIT 1")).rows[0].id as string;
  const state = { blob: "x".repeat(opts.stateBytes) };
  const view = { blob: "y".repeat(Math.max(0, opts.responseBytes - 200)) };
  const runs: string[] = [];
  for (let i = 0; i < opts.connections; i++) {
    const id = randomUUID();
    await setup.query(
      `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version, cycle_round, is_replay, seed, state, status, started_at, last_activity_at, expires_at)
       VALUES ($1, $2, $3, 'match3_v1', 1, 'bench', 1, 1, 1, 1, false, 's', $4::jsonb, 'active', now(), now(), now() + interval '1 day')`,
      [id, project, `caslimit-${i}-${id}`, JSON.stringify(state)],
    );
    runs.push(id);
  }
  await setup.end();
  const samples: number[] = [];
  const interval = opts.ratePerSecond ? (1000 * opts.connections) / opts.ratePerSecond : 0;
  const deadline = Date.now() + opts.seconds * 1000;
  const started = Date.now();
  await Promise.all(
    runs.map(async (runId) => {
      const c = new pg.Client({ connectionString: opts.databaseUrl });
      await c.connect();
      let seq = 0;
      // the run's activity as stored (the first write sets it; after that it moves once a minute, as the API's)
      let activity = { last_activity_at: new Date(0), expires_at: new Date(0) };
      if (interval > 0) await new Promise((r) => setTimeout(r, Math.random() * interval)); // spread over the period, as the API's load is
      while (Date.now() < deadline) {
        const at = new Date();
        const body = { run_id: runId, sequence: seq + 1, accepted: true, status: "active" as const, view, animation_steps: [], facts: [] };
        const input = { commandId: randomUUID(), sequence: seq + 1, action: "swap", payload: { from: { row: 1, col: 1 }, to: { row: 1, col: 2 } } };
        const row = { id: runId, sequence: seq, ...activity } as Parameters<typeof commandWrite>[0]["row"];
        const w = commandWrite({ row, input, body, state, score: seq, clientVersion: null, at, endReason: null, finished: false });
        activity = w.activity;
        const t0 = performance.now();
        const moved = (await c.query({ name: "command_write_unlocked", text: w.unlocked, values: w.unlockedParams })).rows[0].moved;
        const ms = performance.now() - t0;
        samples.push(ms);
        if (moved !== 1) throw new Error("the compare-and-set moved nothing");
        seq++;
        if (interval > ms) await new Promise((r) => setTimeout(r, interval - ms));
      }
      await c.end();
    }),
  );
  return stats(samples, (Date.now() - started) / 1000, 0);
}

/** The mean stored state and command response of the bench database's runs (the yardsticks' payload sizes). */
export async function sizesOf(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query(
    "SELECT (SELECT avg(octet_length(response::text))::int FROM game_command) AS response, (SELECT avg(octet_length(state::text))::int FROM game_run) AS state",
  );
  await c.end();
  return { state: r.rows[0].state ?? 2000, response: r.rows[0].response ?? 2000 };
}
