import { describe, expect, it } from "vitest";
import { backfillActivePlayers, billingPlayerHash } from "@/server/domain/money/billing/active-players";
import { databaseBeforeMigration } from "../helpers/scratch-db";

/**
 * Migration 0025_billing_active_player on a database that already holds events: the months still
 * open to invoicing (this one and the one before) are filled from them, once, by the service
 * (server/db/prepare.ts runs the backfill when it applies the migration).
 */
const RECORD = "0025_billing_active_player";
const db = databaseBeforeMigration(RECORD);

describe("migration 0025_billing_active_player", () => {
  it("fills the current and the previous month's players from the events, each once per account, anonymous apart", async () => {
    const c = db.client;
    const account = (await c.query("INSERT INTO admin_account (email, password_hash) VALUES ('mau@example.com', 'x') RETURNING id")).rows[0].id as string;
    const project = async () => (await c.query("INSERT INTO project (owner_account_id, name, experiment_key) VALUES ($1, 'p', gen_random_uuid()::text) RETURNING id", [account])).rows[0].id as string;
    const [a, b] = [await project(), await project()];
    const at = new Date("2026-11-20T12:00:00Z");
    const event = (p: string, u: string, when: string) =>
      c.query("INSERT INTO player_event (project_id, external_user_id, type, source, payload, created_at) VALUES ($1, $2, 'game.started', 'system', '{}', $3)", [p, u, when]);
    await event(a, "u1", "2026-11-02T00:00:00Z");
    await event(b, "u1", "2026-11-03T00:00:00Z"); // the same player in another project of the account
    await event(a, "anon_x", "2026-11-04T00:00:00Z");
    await event(a, "u2", "2026-10-31T23:59:59Z"); // October: still open on the 1st
    await event(a, "u3", "2026-09-30T12:00:00Z"); // invoiced long ago: left alone

    expect(await db.applyIt()).toEqual([RECORD]);
    expect(await backfillActivePlayers(c, at)).toBe(3);
    const rows = (await c.query("SELECT to_char(period_start, 'YYYY-MM-DD') AS month, player_hash, anonymous FROM billing_active_player ORDER BY 1, 3")).rows;
    expect(rows).toEqual([
      { month: "2026-10-01", player_hash: billingPlayerHash(account, "u2"), anonymous: false },
      { month: "2026-11-01", player_hash: billingPlayerHash(account, "u1"), anonymous: false },
      { month: "2026-11-01", player_hash: billingPlayerHash(account, "anon_x"), anonymous: true },
    ]);
    expect(await backfillActivePlayers(c, at)).toBe(0); // nothing twice
  });
});
