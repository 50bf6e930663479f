import { randomUUID } from "node:crypto";
import pg from "pg";
import type { ChildProcess } from "node:child_process";
import { benchAdmin, cpuMeter, json, loopMeter, preparedQuery, stats } from "./lib";
import { statsRow } from "./play";

/**
 * The economy scenario: players buy boosters through the real HTTP API (POST /v1/economy/spend,
 * each purchase a new idempotency key: an idempotency row, the balance locked and debited, a
 * ledger row and an effect token in one transaction), against the database's own limit for the
 * same transaction shape on a direct SQL driver in the same run.
 */
const PRICE = 1;

/** One booster (match3's shuffle) that costs a coin; players start with a million coins and tickets. */
export const BENCH_ECONOMY = {
  resources: [
    { id: "tickets", name: "Tickets", starting_balance: 1_000_000 },
    { id: "coins", name: "Coins", starting_balance: 1_000_000 },
  ],
  boosters: [{ id: "bench_shuffle", name: "Shuffle", description: "Bench", mechanic: "match3_v1", effect: "shuffle", price: { resource_id: "coins", amount: PRICE } }],
};

/** A project whose one booster costs a coin, players who hold a million, and a session key. */
export async function setupEconomyProject(base: string) {
  const auth = await benchAdmin(base);
  const project = await json(base, "POST", "/v1/admin/projects", { name: "bench economy", allowed_origins: [] }, auth);
  const id = project.body.project_id as string;
  const patched = await json(base, "PATCH", `/v1/admin/projects/${id}/economy`, { economy_config: BENCH_ECONOMY }, auth);
  if (patched.status !== 200) throw new Error(`economy config: ${patched.status} ${JSON.stringify(patched.body)}`);
  const key = await json(base, "POST", `/v1/admin/projects/${id}/api-keys`, { name: "bench", scopes: ["session:issue"] }, auth);
  return { projectId: id, key: key.body.secret as string, auth };
}

/** Verified player sessions (enough players that none reaches the 120/min economy limit). */
export async function benchPlayers(base: string, projectId: string, key: string, count: number, prefix: string) {
  const players: Array<{ token: string; ip: string }> = [];
  for (let i = 0; i < count; i++) {
    const ip = `10.7.${i >> 8}.${i & 255}`;
    const s = await json(base, "POST", "/v1/server/session-token", { project_id: projectId, external_user_id: `${prefix}-${i}-${randomUUID().slice(0, 6)}`, ttl_seconds: 3600 }, { authorization: `Bearer ${key}`, "x-forwarded-for": ip });
    if (s.status !== 200) throw new Error(`session-token ${s.status} ${JSON.stringify(s.body)}`);
    players.push({ token: s.body.session_token, ip });
  }
  return players;
}

type TBenchPlayer = { token: string; ip: string };

/** POSTs for `seconds` with `concurrency` in flight, round-robin over the players; each body is made fresh (new keys). */
async function drivePosts(opts: { base: string; players: TBenchPlayer[]; concurrency: number; seconds: number; path: string; body: () => unknown; what: string }) {
  const samples: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = Date.now() + opts.seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (Date.now() < deadline) {
        const p = opts.players[next++ % opts.players.length]!;
        const t0 = performance.now();
        const res = await json(opts.base, "POST", opts.path, opts.body(), { authorization: `Bearer ${p.token}`, "x-forwarded-for": p.ip });
        if (res.status !== 200) {
          if (errors++ === 0) console.error(`first ${opts.what} error: ${res.status} ${JSON.stringify(res.body)}`);
          continue;
        }
        samples.push(performance.now() - t0);
      }
    }),
  );
  return stats(samples, (Date.now() - started) / 1000, errors);
}

/** Booster purchases, each with a new idempotency key. */
export function driveSpends(opts: { base: string; players: TBenchPlayer[]; concurrency: number; seconds: number }) {
  return drivePosts({ ...opts, path: "/v1/economy/spend", body: () => ({ booster_id: "bench_shuffle", idempotency_key: randomUUID() }), what: "spend" });
}

/**
 * The database's limit for a spend's transaction shape: BEGIN; read the project's economy; insert
 * the idempotency row; ensure and lock the balance row; update it and append the ledger row (one
 * statement); insert the effect token; store the operation's result; COMMIT. `shape: "api"`: the
 * API's own shape now (the project check with the idempotency row; the balance row locked — the
 * API sends that lock in the key's round trip — or, for a player's first purchase, created-or-locked
 * in one statement: seven statements instead of nine).
 */
export async function spendDatabaseLimit(opts: { databaseUrl: string; projectId: string; connections: number; seconds: number; shape?: "classic" | "api" }) {
  const samples: number[] = [];
  const revision = await (async () => {
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    await c.connect();
    const r = (await c.query("SELECT economy_config_revision FROM project WHERE id = $1", [opts.projectId])).rows[0].economy_config_revision as number;
    await c.end();
    return r;
  })();
  const deadline = Date.now() + opts.seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: opts.connections }, async (_, i) => {
      const c = new pg.Client({ connectionString: opts.databaseUrl });
      await c.connect();
      const q = preparedQuery(c, "yard_spend");
      const user = `dblimit-${opts.shape ?? "classic"}-${i}-${randomUUID().slice(0, 6)}`;
      while (Date.now() < deadline) {
        const t0 = performance.now();
        const key = randomUUID();
        await q("BEGIN");
        let b: pg.QueryResult;
        if (opts.shape === "api") {
          // What the API runs now: the guard (economy on, at the cached revision) with the idempotency row, then the balance created-or-locked in one statement.
          await q(
            `WITH g AS (SELECT EXISTS (SELECT 1 FROM project WHERE id = $1 AND economy_enabled AND economy_config_revision = $5) AS ok),
                  ins AS (INSERT INTO economy_operation (project_id, idempotency_key, kind, request_hash, external_user_id, result, created_at, key_owner)
                          SELECT $1, $2, 'spend', $3, $4, 'null'::jsonb, now(), $4 WHERE (SELECT ok FROM g) ON CONFLICT DO NOTHING RETURNING 1)
             SELECT (SELECT ok FROM g) AS guard_ok, EXISTS (SELECT 1 FROM ins) AS inserted`,
            [opts.projectId, key, "0".repeat(64), user, revision],
          );
          b = await q("SELECT resource_id, balance FROM player_balance WHERE project_id = $1 AND external_user_id = $2 AND resource_id = $3 FOR UPDATE", [opts.projectId, user, "coins"]);
          if (b.rows.length === 0) {
            b = await q(
              `WITH ins AS (INSERT INTO player_balance (project_id, external_user_id, resource_id, balance, updated_at) VALUES ($1, $2, 'coins', 1000000, now()) ON CONFLICT DO NOTHING RETURNING resource_id, balance),
                    cur AS (SELECT resource_id, balance FROM player_balance WHERE project_id = $1 AND external_user_id = $2 AND resource_id = 'coins' FOR UPDATE)
               SELECT resource_id, balance FROM ins UNION ALL SELECT resource_id, balance FROM cur`,
              [opts.projectId, user],
            );
          }
        } else {
          await q("SELECT economy_enabled, economy_config FROM project WHERE id = $1", [opts.projectId]);
          await q(
            "INSERT INTO economy_operation (project_id, idempotency_key, kind, request_hash, external_user_id, result, created_at, key_owner) VALUES ($1, $2, 'spend', $3, $4, 'null'::jsonb, now(), $4) ON CONFLICT DO NOTHING",
            [opts.projectId, key, "0".repeat(64), user],
          );
          await q("INSERT INTO player_balance (project_id, external_user_id, resource_id, balance, updated_at) VALUES ($1, $2, 'coins', 1000000, now()) ON CONFLICT DO NOTHING RETURNING balance", [opts.projectId, user]);
          b = await q("SELECT resource_id, balance FROM player_balance WHERE project_id = $1 AND external_user_id = $2 AND resource_id = ANY($3) ORDER BY resource_id FOR UPDATE", [opts.projectId, user, ["coins"]]);
        }
        const after = Number(b.rows[0].balance) - PRICE;
        await q(
          `WITH b AS (UPDATE player_balance SET balance = $3, updated_at = now() WHERE project_id = $1 AND external_user_id = $2 AND resource_id = 'coins')
           INSERT INTO ledger_entry (id, project_id, external_user_id, resource_id, amount, balance_after, source, reference, idempotency_key, created_at)
           VALUES ($4, $1, $2, 'coins', -1, $3, 'spend', 'bench_shuffle', $5, now())`,
          [opts.projectId, user, after, randomUUID(), key],
        );
        await q(
          "INSERT INTO effect_token (id, project_id, external_user_id, booster_id, mechanic, effect, status, issued_at, expires_at) VALUES ($1, $2, $3, 'bench_shuffle', 'match3_v1', 'shuffle', 'issued', now(), now() + interval '1 day')",
          [randomUUID(), opts.projectId, user],
        );
        await q("UPDATE economy_operation SET result = $3::jsonb WHERE project_id = $1 AND key_owner = $4 AND idempotency_key = $2", [opts.projectId, key, JSON.stringify({ booster_id: "bench_shuffle", effect_token: "x".repeat(70), balances: { coins: after } }), user]);
        await q("COMMIT");
        samples.push(performance.now() - t0);
      }
      await c.end();
    }),
  );
  return stats(samples, (Date.now() - started) / 1000, 0);
}

/**
 * Publishes the project's daily wheel with room for the bench: 100 free spins a day (quotas of 6 a
 * minute per player still apply, so the bench spreads spins over many players) and budgets that
 * never run out (a substituted landing would make the shape cheaper than a real one).
 */
export async function publishBenchWheel(base: string, projectId: string, auth: { authorization: string }) {
  const wheel = `/v1/admin/projects/${projectId}/wheels/daily`;
  const { body: view } = await json(base, "GET", `${wheel}/draft`, undefined, auth);
  const draft = { ...view.draft, free_spins_per_day: 100, max_spins_per_day: 1000, budget_daily_minor: 1_000_000_000_000, budget_total_minor: 1_000_000_000_000 };
  draft.segments = draft.segments.map((s: Record<string, unknown>) => ({ ...s, caps: { daily: null, total: null } }));
  const saved = await json(base, "PUT", `${wheel}/draft`, draft, auth);
  if (saved.status !== 200) throw new Error(`wheel draft: ${saved.status} ${JSON.stringify(saved.body)}`);
  const published = await json(base, "POST", `${wheel}/publish`, { expected_draft_hash: saved.body.draft_hash }, auth);
  if (published.status !== 200) throw new Error(`wheel publish: ${published.status} ${JSON.stringify(published.body)}`);
  return published.body.version as number;
}

/** Spins of the daily wheel, each with a new spin_id. */
export function driveSpins(opts: { base: string; players: TBenchPlayer[]; version: number; concurrency: number; seconds: number }) {
  return drivePosts({ ...opts, path: "/v1/wheel/spins", body: () => ({ spin_id: randomUUID(), wheel_id: "daily", wheel_version: opts.version, source: "bench" }), what: "spin" });
}

/**
 * The database's limit for a spin's transaction shape (an awarded spin, the common case), with the
 * same statements on the same rows: BEGIN; the player's advisory lock; the context read (wheel,
 * version, the player's spins today, today's budget; a seed row ensured); the committed seed taken
 * and the next one stored; SAVEPOINT; the award through the ledger (ensure, lock, balance + ledger
 * row); the spin recorded with the day's and the wheel's counters; COMMIT.
 */
export async function spinDatabaseLimit(opts: { databaseUrl: string; projectId: string; version: number; connections: number; seconds: number }) {
  const samples: number[] = [];
  const deadline = Date.now() + opts.seconds * 1000;
  const started = Date.now();
  const today = new Date().toISOString().slice(0, 10);
  const outcome = JSON.stringify({ segment: { id: "coins_10", index: 1, label: "10 coins", icon: "coin" }, drawn_index: 1, award: { type: "resource", resource_id: "coins", amount: 10 } });
  const seedHex = "a".repeat(100);
  await Promise.all(
    Array.from({ length: opts.connections }, async (_, i) => {
      const c = new pg.Client({ connectionString: opts.databaseUrl });
      await c.connect();
      const q = preparedQuery(c, "yard_spin");
      const user = `spinlimit-${i}-${randomUUID().slice(0, 6)}`;
      while (Date.now() < deadline) {
        const t0 = performance.now();
        const spinId = randomUUID();
        await q("BEGIN");
        await q("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`wheel-spin:${opts.projectId}:${user}`]);
        await q(
          `WITH seed AS (INSERT INTO wheel_player (project_id, external_user_id, wheel_id, nonce, next_seed, next_seed_hash, updated_at) VALUES ($1, $3, 'daily', 0, $4, $5, now()) ON CONFLICT DO NOTHING)
           SELECT p.game_mode, p.economy_enabled, p.economy_config, v.version, v.config, v.weights_commitment, w.spent_total_minor, w.awards_total,
                  (SELECT count(*) FROM wheel_spin s WHERE s.project_id = p.id AND s.external_user_id = $3 AND s.wheel_id = 'daily' AND s.day = $2::date) AS spins,
                  (SELECT spent_minor FROM wheel_day b WHERE b.project_id = p.id AND b.wheel_id = 'daily' AND b.day = $2::date) AS spent_today,
                  (SELECT 1 FROM wheel_spin s WHERE s.project_id = p.id AND s.external_user_id = $3 AND s.spin_id = $6) AS stored
             FROM project p LEFT JOIN wheel w ON w.project_id = p.id AND w.wheel_id = 'daily'
             LEFT JOIN wheel_version v ON v.project_id = p.id AND v.wheel_id = 'daily' AND v.version = w.published_version WHERE p.id = $1`,
          [opts.projectId, today, user, seedHex, "b".repeat(64), spinId],
        );
        await q(
          `WITH old AS (SELECT next_seed, next_seed_hash FROM wheel_player WHERE project_id = $1 AND external_user_id = $2 AND wheel_id = 'daily')
           UPDATE wheel_player SET nonce = nonce + 1, next_seed = $3, next_seed_hash = $4, updated_at = now() WHERE project_id = $1 AND external_user_id = $2 AND wheel_id = 'daily'
           RETURNING (SELECT next_seed FROM old) AS seed, nonce`,
          [opts.projectId, user, seedHex, "c".repeat(64)],
        );
        await q("SAVEPOINT wheel_award");
        await q("INSERT INTO player_balance (project_id, external_user_id, resource_id, balance, updated_at) VALUES ($1, $2, 'coins', 0, now()) ON CONFLICT DO NOTHING RETURNING balance", [opts.projectId, user]);
        const b = await q("SELECT resource_id, balance FROM player_balance WHERE project_id = $1 AND external_user_id = $2 AND resource_id = ANY($3) ORDER BY resource_id FOR UPDATE", [opts.projectId, user, ["coins"]]);
        const after = Number(b.rows[0].balance) + 10;
        await q(
          `WITH b AS (UPDATE player_balance SET balance = $3, updated_at = now() WHERE project_id = $1 AND external_user_id = $2 AND resource_id = 'coins')
           INSERT INTO ledger_entry (id, project_id, external_user_id, resource_id, amount, balance_after, source, reference, idempotency_key, created_at)
           VALUES ($4, $1, $2, 'coins', 10, $3, 'wheel_award', $5, $6, now())`,
          [opts.projectId, user, after, randomUUID(), `wheel_spin:${spinId}`, `wheel_award:${spinId}`],
        );
        await q(
          `WITH d AS (
             INSERT INTO wheel_day AS x (project_id, wheel_id, day, spins, spent_minor, awards) VALUES ($1, 'daily', $3::date, 1, 10, jsonb_build_object('coins_10', 1))
             ON CONFLICT (project_id, wheel_id, day) DO UPDATE SET spins = x.spins + 1, spent_minor = x.spent_minor + 10,
                awards = jsonb_set(x.awards, ARRAY['coins_10'], to_jsonb(COALESCE((x.awards->>'coins_10')::int, 0) + 1))
             RETURNING 1),
           t AS (UPDATE wheel SET spent_total_minor = spent_total_minor + 10, awards_total = jsonb_set(awards_total, ARRAY['coins_10'], to_jsonb(COALESCE((awards_total->>'coins_10')::int, 0) + 1))
                  WHERE project_id = $1 AND wheel_id = 'daily' AND EXISTS (SELECT 1 FROM d) RETURNING 1)
           INSERT INTO wheel_spin (project_id, external_user_id, spin_id, wheel_id, wheel_version, source, request_hash, day, kind, tickets_spent, nonce,
                                   server_seed, server_seed_hash, drawn_segment_id, segment_id, outcome, cost_minor, substituted, created_at)
           SELECT $1, $2, $4, 'daily', $5, 'bench', $6, $3::date, 'free', 0, 1, $7, $8, 'coins_10', 'coins_10', $9::jsonb, 10, false, now() WHERE EXISTS (SELECT 1 FROM t)
           RETURNING spin_id`,
          [opts.projectId, user, today, spinId, opts.version, "d".repeat(64), seedHex.slice(0, 64), "e".repeat(64), outcome],
        );
        await q("COMMIT");
        samples.push(performance.now() - t0);
      }
      await c.end();
    }),
  );
  return stats(samples, (Date.now() - started) / 1000, 0);
}

/**
 * The economy scenario: booster purchases (POST /v1/economy/spend) and wheel spins
 * (POST /v1/wheel/spins) at full load, each with the CPU per request of every party, against the
 * database's limit for its transaction shape. Answers the report's lines.
 */
export async function economyScenario(o: { base: string; databaseUrl: string; seconds: number; api: ChildProcess; settle: () => Promise<unknown> }): Promise<string[]> {
  const seconds = o.seconds;
  const out: string[] = [];
  const project = await setupEconomyProject(o.base);
  const players = await benchPlayers(o.base, project.projectId, project.key, Number(process.env.BENCH_ECONOMY_PLAYERS ?? 1000), "buyer");
  const concurrency = Number(process.env.BENCH_PLAY_CONCURRENCY ?? 32);
  await driveSpends({ base: o.base, players: players.slice(0, 50), concurrency: 8, seconds: 2 }); // warm-up
  await o.settle();
  const spendCpu = cpuMeter({ web: o.api.pid! });
  const spendLoop = loopMeter(o.api);
  const max = await driveSpends({ base: o.base, players, concurrency, seconds });
  const spendUse = `${spendCpu.stop()}; web ${await spendLoop.stop()}\n    ${spendCpu.perRequest(max.count)}`;
  await o.settle();
  const dbLimit = await spendDatabaseLimit({ databaseUrl: o.databaseUrl, projectId: project.projectId, connections: 16, seconds });
  await o.settle();
  const ownLimit = await spendDatabaseLimit({ databaseUrl: o.databaseUrl, projectId: project.projectId, connections: 16, seconds, shape: "api" });
  out.push(`scenario: economy (POST /v1/economy/spend, ${players.length} players, ${concurrency} in flight)`);
  out.push(statsRow("  API spend, max throughput", max));
  out.push(`    ${spendUse}`);
  out.push(statsRow("  database limit (direct SQL)", dbLimit));
  out.push("  (transaction shape: BEGIN; project; idempotency row; ensure + lock balance; balance + ledger; effect token; result; COMMIT — 16 connections)");
  out.push(statsRow("  database limit, API's own shape", ownLimit));
  out.push("  (BEGIN; guard + idempotency row; balance locked (created on a first purchase); balance + ledger; effect token; result; COMMIT — 16 connections)");
  const ratio = max.perSecond / dbLimit.perSecond;
  out.push(`  ratio API/database (classic shape): ${ratio.toFixed(2)} (target ≥ 0.50) ${ratio >= 0.5 ? "MET" : "NOT MET"}; against the API's own shape: ${(max.perSecond / ownLimit.perSecond).toFixed(2)}`);
  const version = await publishBenchWheel(o.base, project.projectId, project.auth);
  // 6 spins a minute per player: fresh players, enough that the quota never binds in the run
  // (1 200 bound it at 6 000 spins once a spin's record went out with its COMMIT: ~600 /s)
  const spinners = await benchPlayers(o.base, project.projectId, project.key, Number(process.env.BENCH_SPIN_PLAYERS ?? 2400), "spinner");
  // warm-up on players of its own: at ~650 spins/s its 2 s would spend 200 players' 6 a minute (a 429 in a fast period)
  await driveSpins({ base: o.base, players: spinners.slice(0, 400), version, concurrency: 8, seconds: 2 });
  await o.settle();
  const spinCpu = cpuMeter({ web: o.api.pid! });
  const spinLoop = loopMeter(o.api);
  const spins = await driveSpins({ base: o.base, players: spinners.slice(400), version, concurrency, seconds });
  const spinUse = `${spinCpu.stop()}; web ${await spinLoop.stop()}\n    ${spinCpu.perRequest(spins.count)}`;
  await o.settle();
  const spinLimit = await spinDatabaseLimit({ databaseUrl: o.databaseUrl, projectId: project.projectId, version, connections: 16, seconds });
  out.push(statsRow("  API spin, max throughput", spins));
  out.push(`    ${spinUse}`);
  out.push(statsRow("  database limit (direct SQL)", spinLimit));
  out.push("  (transaction shape: BEGIN; advisory lock; context read; seed; SAVEPOINT; ensure + lock balance; balance + ledger; spin + day + wheel counters; COMMIT — 16 connections)");
  const spinRatio = spins.perSecond / spinLimit.perSecond;
  out.push(`  ratio API/database: ${spinRatio.toFixed(2)} (target ≥ 0.50) ${spinRatio >= 0.5 ? "MET" : "NOT MET"}\n`);
  return out;
}
