import { randomUUID } from "node:crypto";
import pg from "pg";
import { suggestCommand } from "@/games/bots";
import { LOBBY_SQL } from "@/server/domain/gameplay/play/lobby";
import { json, send, stats } from "./lib";

/**
 * The lobby scenario: players read GET /v1/lobby (each has an unfinished run and a finished one,
 * so every part of the statement has something to find), against the database's own limit for
 * the lobby's statement — the very SQL the lobby runs — on a direct driver. The response size is
 * reported from the real answers.
 */
export type TBenchPlayer = { token: string; ip: string; externalUserId: string };

/** Verified players of a project, each with a finished run (one move then replaced) and an active one. */
export async function lobbyPlayers(base: string, projectId: string, key: string, count: number): Promise<TBenchPlayer[]> {
  const players: TBenchPlayer[] = [];
  for (let i = 0; i < count; i++) {
    const ip = `10.6.${i >> 8}.${i & 255}`;
    const externalUserId = `lobby-${i}-${randomUUID().slice(0, 6)}`;
    const s = await json(base, "POST", "/v1/server/session-token", { project_id: projectId, external_user_id: externalUserId, ttl_seconds: 3600 }, { authorization: `Bearer ${key}`, "x-forwarded-for": ip });
    const auth = { authorization: `Bearer ${s.body.session_token}`, "x-forwarded-for": ip };
    for (const replace of [false, true]) {
      const run = await json(base, "POST", "/v1/game-runs", { start_id: randomUUID(), intent: "next", replace_active: replace }, auth);
      const cmd = suggestCommand(run.body.mechanic, run.body.view);
      if (cmd) await json(base, "POST", `/v1/game-runs/${run.body.run_id}/commands`, { command_id: randomUUID(), sequence: 1, ...cmd }, auth);
    }
    players.push({ token: s.body.session_token, ip, externalUserId });
  }
  return players;
}

/** GET /v1/lobby for `seconds` with `concurrency` in flight, round-robin over the players; answers stats and the mean body size. */
export async function driveLobby(opts: { base: string; players: TBenchPlayer[]; concurrency: number; seconds: number; ratePerSecond?: number }) {
  const interval = opts.ratePerSecond ? (1000 * opts.concurrency) / opts.ratePerSecond : 0;
  const samples: number[] = [];
  let errors = 0;
  let bytes = 0;
  let next = 0;
  const deadline = Date.now() + opts.seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      if (interval > 0) await new Promise((r) => setTimeout(r, Math.random() * interval)); // spread over the period
      while (Date.now() < deadline) {
        const p = opts.players[next++ % opts.players.length]!;
        const t0 = performance.now();
        const res = await send(`${opts.base}/v1/lobby`, "GET", { authorization: `Bearer ${p.token}`, "x-forwarded-for": p.ip });
        if (res.status !== 200) {
          if (errors++ === 0) console.error(`first lobby error: ${res.status} ${res.text}`);
          continue;
        }
        const ms = performance.now() - t0;
        samples.push(ms);
        bytes += Buffer.byteLength(res.text);
        if (interval > ms) await new Promise((r) => setTimeout(r, interval - ms));
      }
    }),
  );
  return { ...stats(samples, (Date.now() - started) / 1000, errors), meanBytes: samples.length ? Math.round(bytes / samples.length) : 0 };
}

/**
 * The database's limit for the lobby's statement, for the same players: on `connections`
 * connections, each with `inFlight` statements outstanding (more than one: pipelined, as the
 * API's read lane sends them — PostgreSQL then wakes once per batch, not per statement).
 */
export async function lobbyDatabaseLimit(opts: { databaseUrl: string; projectId: string; players: TBenchPlayer[]; connections: number; seconds: number; inFlight?: number }) {
  const samples: number[] = [];
  const deadline = Date.now() + opts.seconds * 1000;
  const started = Date.now();
  const inFlight = Math.max(1, opts.inFlight ?? 1);
  let next = 0;
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      const c = new pg.Client({ connectionString: opts.databaseUrl, pipeline: inFlight > 1 } as pg.ClientConfig);
      await c.connect();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (Date.now() < deadline) {
            const p = opts.players[next++ % opts.players.length]!;
            const t0 = performance.now();
            const at = new Date();
            // with the session's erasure check (a subject hash no erasure names, the issue time), as the API asks it
            await c.query({ name: "lobby_snapshot", text: LOBBY_SQL, values: [opts.projectId, p.externalUserId, at, "bench-session", at] });
            samples.push(performance.now() - t0);
          }
        }),
      );
      await c.end();
    }),
  );
  return stats(samples, (Date.now() - started) / 1000, 0);
}

/**
 * Grows game_run to `total` rows (all projects together) with finished runs spread over the given
 * players of the project (so both the table and each player's own history grow), in batches;
 * answers the row count.
 */
export async function seedRuns(databaseUrl: string, projectId: string, total: number, playerIds: string[]): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const have = Number((await c.query("SELECT count(*) FROM game_run")).rows[0].count);
  const state = JSON.stringify({ seeded: true, blob: "x".repeat(400) });
  for (let done = have; done < total; ) {
    const n = Math.min(100_000, total - done);
    await c.query(
      `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version, cycle_round, is_replay, seed, state, status, end_reason, sequence, score, started_at, last_activity_at, expires_at, ended_at)
       SELECT gen_random_uuid(), $1, ($4::text[])[((g % cardinality($4::text[])) + 1)::int], 'match3_v1', 1, 'seeded', 1, 1, 1, 1, false, 's', $3::jsonb, 'lost', 'out_of_moves', 20, 100,
              now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
         FROM generate_series($2::bigint, $2::bigint + $5 - 1) AS g`,
      [projectId, done, state, playerIds, n],
    );
    done += n;
  }
  // settle before measuring: visibility map, statistics and dirty buffers of the bulk insert
  await c.query("VACUUM ANALYZE game_run");
  await c.query("CHECKPOINT");
  const count = Number((await c.query("SELECT count(*) FROM game_run")).rows[0].count);
  await c.end();
  return count;
}

/**
 * A farm on one address: `count` finished runs started in the last 24 hours by `players` players
 * from the address whose keyed hash is `clientIpHash`, with the address rollup rows their starts
 * would have written (migration 0017). The fraud gate counts the players on a claim's address.
 */
export async function seedAddressRuns(databaseUrl: string, projectId: string, o: { count: number; players: number; clientIpHash: string }) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const state = JSON.stringify({ seeded: true, blob: "x".repeat(400) });
  for (let done = 0; done < o.count; ) {
    const n = Math.min(100_000, o.count - done);
    await c.query(
      `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version, cycle_round, is_replay, seed, state, status, end_reason, sequence, score, started_at, last_activity_at, expires_at, ended_at, client_ip_hash)
       SELECT gen_random_uuid(), $1, 'farm-' || (g % $5), 'match3_v1', 1, 'seeded', 1, 1, 1, 1, false, 's', $3::jsonb, 'lost', 'out_of_moves', 20, 100,
              now() - ((g % 86000) || ' seconds')::interval, now() - ((g % 86000) || ' seconds')::interval, now(), now() - ((g % 86000) || ' seconds')::interval, $6
         FROM generate_series($2::bigint, $2::bigint + $4 - 1) AS g`,
      [projectId, done, state, n, o.players, o.clientIpHash],
    );
    done += n;
  }
  await c.query(
    `INSERT INTO address_player (project_id, client_ip_hash, external_user_id, last_started_at)
     SELECT project_id, client_ip_hash, external_user_id, max(started_at) FROM game_run
      WHERE project_id = $1 AND client_ip_hash = $2 AND external_user_id LIKE 'farm-%' GROUP BY 1, 2, 3
     ON CONFLICT (project_id, client_ip_hash, external_user_id) DO UPDATE SET last_started_at = EXCLUDED.last_started_at`,
    [projectId, o.clientIpHash],
  );
  await c.end();
}

/** The keyed hash the service stored for the address a project's players started runs from. */
export async function farmAddressHash(databaseUrl: string, projectId: string): Promise<string> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const { rows } = await c.query("SELECT client_ip_hash FROM game_run WHERE project_id = $1 AND client_ip_hash IS NOT NULL LIMIT 1", [projectId]);
  await c.end();
  if (!rows[0]) throw new Error("no run of the project carries an address");
  return rows[0].client_ip_hash as string;
}
