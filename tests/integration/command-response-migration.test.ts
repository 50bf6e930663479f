import { describe, expect, it } from "vitest";
import { STORED_COMMAND } from "@/server/domain/gameplay/play/command-sql";
import { databaseBeforeMigration } from "../helpers/scratch-db";

/**
 * Migration 0019_command_response_text on a database that already holds commands: a response
 * stored as jsonb before it is answered unchanged to a repeat of its command after it, and the
 * column keeps lz4 where the server has it.
 */
const TEXT = "0019_command_response_text";
const db = databaseBeforeMigration(TEXT);

describe("migration 0019_command_response_text", () => {
  it("keeps every stored response, answered to a repeat of its command as before", async () => {
    const c = db.client;
    const account = (await c.query("INSERT INTO admin_account (email, password_hash) VALUES ('text@example.com', 'x') RETURNING id")).rows[0].id;
    const project = (await c.query("INSERT INTO project (owner_account_id, name, experiment_key) VALUES ($1, 'p', gen_random_uuid()::text) RETURNING id", [account])).rows[0].id;
    const run = (
      await c.query(
        `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version, cycle_round, is_replay, seed, state, status, started_at, last_activity_at, expires_at)
         VALUES (gen_random_uuid(), $1, 'u', 'match3_v1', 1, 'l', 1, 1, 1, 1, false, 's', '{}', 'active', now(), now(), now() + interval '1 hour') RETURNING id`,
        [project],
      )
    ).rows[0].id;
    const response = { run_id: run, sequence: 1, accepted: true, status: "active", view: { board: [["red", null]], moves_left: 9 }, animation_steps: [{ type: "swap", from: { row: 0, col: 0 } }], facts: [{ name: "matched", count: 3 }], note: "é ✓" };
    const payload = { from: { row: 0, col: 0 }, to: { row: 0, col: 1 } };
    await c.query("INSERT INTO game_command (run_id, sequence, command_id, action, payload, accepted, response, created_at) VALUES ($1, 1, 'c1', 'swap', $2, true, $3::jsonb, now())", [run, payload, JSON.stringify(response)]);

    expect(await db.applyIt()).toEqual([TEXT]);
    const type = await c.query("SELECT data_type FROM information_schema.columns WHERE table_name = 'game_command' AND column_name = 'response'");
    expect(type.rows[0].data_type).toBe("text");
    const stored = await c.query(`SELECT (${STORED_COMMAND}) AS stored`, [run, "c1", 1, "swap", JSON.stringify(payload)]);
    expect(stored.rows[0].stored).toEqual({ response, same: true });
    const other = await c.query(`SELECT (${STORED_COMMAND}) AS stored`, [run, "c1", 1, "swap", JSON.stringify({ ...payload, to: { row: 1, col: 0 } })]);
    expect(other.rows[0].stored.same).toBe(false);
  });
});
