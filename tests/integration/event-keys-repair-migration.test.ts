import { describe, expect, it } from "vitest";
import { databaseBeforeMigration } from "../helpers/scratch-db";

/**
 * Migration 0040_event_keys_repair: a keyed event the previous release committed while 0034 ran
 * (after its copy, before its trigger) had no key row; the repair records it, so a retry of that
 * event is skipped instead of stored twice. Keys already there are kept as they are.
 */
const REPAIR = "0040_event_keys_repair";
const db = databaseBeforeMigration(REPAIR);

describe("migration 0040_event_keys_repair", () => {
  it("records the key of an event that has none, and a retry of that event is then not stored again", async () => {
    const c = db.client;
    const account = (await c.query("INSERT INTO admin_account (email, password_hash) VALUES ('repair@example.com', 'x') RETURNING id")).rows[0].id;
    const p = (await c.query("INSERT INTO project (owner_account_id, name, experiment_key) VALUES ($1, 'repair', 'k1') RETURNING id", [account])).rows[0].id as string;
    const event = (key: string, at: string) =>
      c.query(`INSERT INTO player_event (project_id, external_user_id, type, source, payload, idempotency_key, created_at) VALUES ($1, 'a', 'promo.redeemed', 'server', '{}', $2, $3)`, [p, key, at]);
    expect((await event("kept", "2026-01-05T10:00:00Z")).rowCount).toBe(1);
    expect((await event("missed", "2026-01-06T10:00:00Z")).rowCount).toBe(1);
    // what the race left: the second event's key row never written
    await c.query("DELETE FROM player_event_key WHERE idempotency_key = 'missed'");
    expect((await event("missed", "2026-02-01T00:00:00Z")).rowCount).toBe(1); // without the repair: a retry stored again
    await c.query("DELETE FROM player_event WHERE idempotency_key = 'missed' AND created_at = '2026-02-01T00:00:00Z'");
    await c.query("DELETE FROM player_event_key WHERE idempotency_key = 'missed'");

    expect(await db.applyIt()).toEqual([REPAIR]);
    const keys = (await c.query("SELECT idempotency_key, external_user_id, created_at FROM player_event_key WHERE project_id = $1 ORDER BY idempotency_key", [p])).rows;
    expect(keys).toEqual([
      { idempotency_key: "kept", external_user_id: "a", created_at: new Date("2026-01-05T10:00:00Z") },
      { idempotency_key: "missed", external_user_id: "a", created_at: new Date("2026-01-06T10:00:00Z") },
    ]);
    expect((await event("missed", "2026-03-01T00:00:00Z")).rowCount).toBe(0);
    expect((await c.query("SELECT count(*)::int AS n FROM player_event WHERE project_id = $1 AND idempotency_key = 'missed'", [p])).rows[0].n).toBe(1);
  });
});
