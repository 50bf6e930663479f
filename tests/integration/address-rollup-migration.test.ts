import { describe, expect, it } from "vitest";
import { databaseBeforeMigration } from "../helpers/scratch-db";

/**
 * Migration 0017_address_player on a database that already holds runs: the fraud gate's address
 * rollup is backfilled from the last two days' runs, and stored shared-address thresholds above
 * the count's cap are lowered to it.
 */
const ROLLUP = "0017_address_player";
const db = databaseBeforeMigration(ROLLUP);

describe("migration 0017_address_player", () => {
  it("keeps each player's latest start per address of the last two days, and caps stored thresholds", async () => {
    const c = db.client;
    const account = (await c.query("INSERT INTO admin_account (email, password_hash) VALUES ('ip@example.com', 'x') RETURNING id")).rows[0].id;
    const project = async (fraud: unknown) =>
      (await c.query("INSERT INTO project (owner_account_id, name, experiment_key, fraud_config) VALUES ($1, 'p', gen_random_uuid()::text, $2) RETURNING id", [account, JSON.stringify(fraud)])).rows[0].id as string;
    const p = await project({ rules: { shared_address: { players: 5000, players_high: 20000, weight: 2 } } });
    const kept = await project({ rules: { shared_address: { players: 7 } } });
    const run = (u: string, ip: string | null, hoursAgo: number) =>
      c.query(
        `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version, cycle_round, is_replay, seed, state, status, started_at, last_activity_at, expires_at, client_ip_hash)
         VALUES (gen_random_uuid(), $1, $2, 'match3_v1', 1, 'l', 1, 1, 1, 1, false, 's', '{}', 'won', now() - $3 * interval '1 hour', now(), now(), $4)`,
        [p, u, hoursAgo, ip],
      );
    await run("a", "ip1", 30);
    await run("a", "ip1", 2);
    await run("a", "ip2", 5);
    await run("b", "ip1", 47);
    await run("c", "ip1", 49);
    await run("d", null, 1);

    expect(await db.applyIt()).toEqual([ROLLUP]);
    const rows = (await c.query("SELECT external_user_id AS u, client_ip_hash AS ip, round(extract(epoch FROM now() - last_started_at) / 3600)::int AS h FROM address_player ORDER BY 1, 2")).rows;
    expect(rows).toEqual([{ u: "a", ip: "ip1", h: 2 }, { u: "a", ip: "ip2", h: 5 }, { u: "b", ip: "ip1", h: 47 }]);
    const config = async (id: string) => (await c.query("SELECT fraud_config FROM project WHERE id = $1", [id])).rows[0].fraud_config;
    expect(await config(p)).toEqual({ rules: { shared_address: { players: 1000, players_high: 1000, weight: 2 } } });
    expect(await config(kept)).toEqual({ rules: { shared_address: { players: 7 } } });
  });
});
