import { randomUUID } from "node:crypto";
import pg from "pg";
import { benchAdmin, json, stats } from "./lib";

/**
 * The economy scenario: players buy boosters through the real HTTP API (POST /v1/economy/spend,
 * each purchase a new idempotency key: an idempotency row, the balance locked and debited, a
 * ledger row and an effect token in one transaction), against the database's own limit for the
 * same transaction shape on a direct SQL driver in the same run.
 */
const PRICE = 1;

/** A project whose one booster costs a coin, players who hold a million, and a session key. */
export async function setupEconomyProject(base: string) {
  const auth = await benchAdmin(base);
  const project = await json(base, "POST", "/v1/admin/projects", { name: "bench economy", allowed_origins: [] }, auth);
  const id = project.body.project_id as string;
  const config = {
    resources: [
      { id: "tickets", name: "Tickets", starting_balance: 1_000_000 },
      { id: "coins", name: "Coins", starting_balance: 1_000_000 },
    ],
    boosters: [{ id: "bench_shuffle", name: "Shuffle", description: "Bench", mechanic: "match3_v1", effect: "shuffle", price: { resource_id: "coins", amount: PRICE } }],
  };
  const patched = await json(base, "PATCH", `/v1/admin/projects/${id}/economy`, { economy_config: config }, auth);
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

/** Spends for `seconds` with `concurrency` in flight, round-robin over the players. */
export async function driveSpends(opts: { base: string; players: Array<{ token: string; ip: string }>; concurrency: number; seconds: number }) {
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
        const res = await json(opts.base, "POST", "/v1/economy/spend", { booster_id: "bench_shuffle", idempotency_key: randomUUID() }, { authorization: `Bearer ${p.token}`, "x-forwarded-for": p.ip });
        if (res.status !== 200) {
          if (errors++ === 0) console.error(`first spend error: ${res.status} ${JSON.stringify(res.body)}`);
          continue;
        }
        samples.push(performance.now() - t0);
      }
    }),
  );
  return stats(samples, (Date.now() - started) / 1000, errors);
}

/**
 * The database's limit for a spend's transaction shape: BEGIN; read the project's economy; insert
 * the idempotency row; ensure and lock the balance row; update it and append the ledger row (one
 * statement); insert the effect token; store the operation's result; COMMIT.
 */
export async function spendDatabaseLimit(opts: { databaseUrl: string; projectId: string; connections: number; seconds: number }) {
  const samples: number[] = [];
  const deadline = Date.now() + opts.seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: opts.connections }, async (_, i) => {
      const c = new pg.Client({ connectionString: opts.databaseUrl });
      await c.connect();
      const user = `dblimit-${i}-${randomUUID().slice(0, 6)}`;
      while (Date.now() < deadline) {
        const t0 = performance.now();
        const key = randomUUID();
        await c.query("BEGIN");
        await c.query("SELECT economy_enabled, economy_config FROM project WHERE id = $1", [opts.projectId]);
        await c.query(
          "INSERT INTO economy_operation (project_id, idempotency_key, kind, request_hash, external_user_id, result, created_at) VALUES ($1, $2, 'spend', $3, $4, 'null'::jsonb, now()) ON CONFLICT DO NOTHING",
          [opts.projectId, key, "0".repeat(64), user],
        );
        await c.query("INSERT INTO player_balance (project_id, external_user_id, resource_id, balance, updated_at) VALUES ($1, $2, 'coins', 1000000, now()) ON CONFLICT DO NOTHING RETURNING balance", [opts.projectId, user]);
        const b = await c.query("SELECT resource_id, balance FROM player_balance WHERE project_id = $1 AND external_user_id = $2 AND resource_id = ANY($3) ORDER BY resource_id FOR UPDATE", [opts.projectId, user, ["coins"]]);
        const after = Number(b.rows[0].balance) - PRICE;
        await c.query(
          `WITH b AS (UPDATE player_balance SET balance = $3, updated_at = now() WHERE project_id = $1 AND external_user_id = $2 AND resource_id = 'coins')
           INSERT INTO ledger_entry (id, project_id, external_user_id, resource_id, amount, balance_after, source, reference, idempotency_key, created_at)
           VALUES ($4, $1, $2, 'coins', -1, $3, 'spend', 'bench_shuffle', $5, now())`,
          [opts.projectId, user, after, randomUUID(), key],
        );
        await c.query(
          "INSERT INTO effect_token (id, project_id, external_user_id, booster_id, mechanic, effect, status, issued_at, expires_at) VALUES ($1, $2, $3, 'bench_shuffle', 'match3_v1', 'shuffle', 'issued', now(), now() + interval '1 day')",
          [randomUUID(), opts.projectId, user],
        );
        await c.query("UPDATE economy_operation SET result = $3::jsonb WHERE project_id = $1 AND idempotency_key = $2", [opts.projectId, key, JSON.stringify({ booster_id: "bench_shuffle", effect_token: "x".repeat(70), balances: { coins: after } })]);
        await c.query("COMMIT");
        samples.push(performance.now() - t0);
      }
      await c.end();
    }),
  );
  return stats(samples, (Date.now() - started) / 1000, 0);
}
