import { describe, expect, it } from "vitest";
import { databaseBeforeMigration } from "../helpers/scratch-db";

/**
 * Migrations 0034_event_keys (expand: the idempotency keys in a table of their own, claimed by a
 * trigger) and 0035_player_event_partitions (contract: player_event partitioned by month), each on
 * a database that already holds events.
 */
const KEYS = "0034_event_keys";
const PARTITIONS = "0035_player_event_partitions";
const beforeKeys = databaseBeforeMigration(KEYS);
const beforePartitions = databaseBeforeMigration(PARTITIONS);

async function projectIn(c: typeof beforeKeys.client): Promise<string> {
  const account = (await c.query("INSERT INTO admin_account (email, password_hash) VALUES ('events@example.com', 'x') RETURNING id")).rows[0].id;
  return (await c.query("INSERT INTO project (owner_account_id, name, experiment_key) VALUES ($1, 'events', 'k1') RETURNING id", [account])).rows[0].id as string;
}

const event = (c: typeof beforeKeys.client, p: string, user: string, type: string, at: string, key: string | null = null) =>
  c.query(
    `INSERT INTO player_event (project_id, external_user_id, type, source, payload, idempotency_key, created_at) VALUES ($1, $2, $3, 'server', '{}', $4, $5)`,
    [p, user, type, key, at],
  );

describe("migration 0034_event_keys", () => {
  it("records the keys of the events already there, and from then on skips a retried key while the previous release's ON CONFLICT still works", async () => {
    const c = beforeKeys.client;
    const p = await projectIn(c);
    await event(c, p, "a", "promo.redeemed", "2026-01-05T10:00:00Z", "k-1");
    await event(c, p, "a", "game.started", "2026-01-05T10:01:00Z");
    expect(await beforeKeys.applyIt()).toEqual([KEYS]);
    expect((await c.query("SELECT project_id, source, idempotency_key, external_user_id, created_at FROM player_event_key")).rows).toEqual([
      { project_id: p, source: "server", idempotency_key: "k-1", external_user_id: "a", created_at: new Date("2026-01-05T10:00:00Z") },
    ]);
    // this release: a plain insert, skipped by the trigger
    expect((await event(c, p, "a", "promo.redeemed", "2026-02-01T00:00:00Z", "k-1")).rowCount).toBe(0);
    // the previous release's statement, against the new schema
    const old = await c.query(
      `INSERT INTO player_event (project_id, external_user_id, type, source, payload, idempotency_key, created_at) VALUES ($1, 'a', 'promo.redeemed', 'server', '{}', 'k-2', now())
       ON CONFLICT (project_id, source, idempotency_key) DO NOTHING`,
      [p],
    );
    expect(old.rowCount).toBe(1);
    expect((await c.query("SELECT count(*)::int AS n FROM player_event_key WHERE idempotency_key = 'k-2'")).rows[0].n).toBe(1);
  });
});

describe("migration 0035_player_event_partitions", () => {
  it("moves every event into its month with its id, keeps the rollups as they were, and the triggers work after", async () => {
    const c = beforePartitions.client;
    const p = await projectIn(c);
    await event(c, p, "a", "game.started", "2025-03-15T12:00:00Z");
    await event(c, p, "a", "promo.redeemed", "2026-10-31T23:59:59.999Z", "k-1");
    await event(c, p, "b", "game.started", "2026-11-01T00:00:00Z");
    const before = (await c.query("SELECT id::text, tableoid::regclass::text AS part, created_at FROM player_event ORDER BY id")).rows;
    const rollups = (await c.query("SELECT day::text, external_user_id, sessions FROM analytics_player_day ORDER BY 1, 2")).rows;
    expect(rollups).toHaveLength(2);

    expect(await beforePartitions.applyIt()).toEqual([PARTITIONS]);
    expect((await c.query("SELECT relkind::text FROM pg_class WHERE relname = 'player_event'")).rows[0].relkind).toBe("p");
    const after = (await c.query("SELECT id::text, tableoid::regclass::text AS part, created_at FROM player_event ORDER BY id")).rows;
    expect(after.map((r) => [r.id, r.part])).toEqual([
      [before[0].id, "player_event_2025_03"],
      [before[1].id, "player_event_2026_10"],
      [before[2].id, "player_event_2026_11"],
    ]);
    // every month from the oldest event's to a year ahead
    const months = (await c.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'player_event'::regclass AND inhrelid::regclass::text ~ '^player_event_[0-9]{4}_[0-9]{2}$'")).rows[0]!.n;
    expect(months).toBeGreaterThanOrEqual(21);
    expect((await c.query("SELECT day::text, external_user_id, sessions FROM analytics_player_day ORDER BY 1, 2")).rows).toEqual(rollups);

    // ids go on from the sequence; the rollup trigger counts a new session; the key trigger skips a retry
    const next = await c.query("INSERT INTO player_event (project_id, external_user_id, type, source, payload, created_at) VALUES ($1, 'b', 'game.started', 'server', '{}', '2026-11-01T00:05:00Z') RETURNING id::text", [p]);
    expect(BigInt(next.rows[0].id)).toBeGreaterThan(BigInt(before[2].id));
    expect((await c.query("SELECT sessions FROM analytics_player_day WHERE external_user_id = 'b'")).rows[0].sessions).toBe(2);
    expect((await event(c, p, "a", "promo.redeemed", "2026-12-01T00:00:00Z", "k-1")).rowCount).toBe(0);
    expect((await event(c, p, "a", "promo.redeemed", "2026-12-01T00:00:00Z", "k-3")).rowCount).toBe(1);
    expect((await c.query("SELECT to_regclass('player_event_unpartitioned') AS t")).rows[0].t).toBeNull();
  });
});
