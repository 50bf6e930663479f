import { describe, expect, it } from "vitest";
import { databaseBeforeMigration } from "../helpers/scratch-db";

/**
 * Migration 0014_ab_rollup on a database that already holds exposures, sessions, results and
 * claims: the backfill gives each exposure row the counts the triggers would have kept.
 */
const AB = "0014_ab_rollup";
const db = databaseBeforeMigration(AB);

describe("migration 0014_ab_rollup", () => {
  it("backfills plays, the active-day mask, wins and rewards of the exposures recorded before it", async () => {
    const c = db.client;

    const account = (await c.query("INSERT INTO admin_account (email, password_hash) VALUES ('ab@example.com', 'x') RETURNING id")).rows[0].id;
    const p = (await c.query("INSERT INTO project (owner_account_id, name, experiment_key) VALUES ($1, 'ab', 'k1') RETURNING id", [account])).rows[0].id as string;
    const session = (u: string, at: string, type = "game.started") =>
      c.query("INSERT INTO player_event (project_id, external_user_id, type, source, created_at) VALUES ($1, $2, $3, 'system', $4)", [p, u, type, at]);
    const result = async (u: string, at: string, outcome: "won" | "lost") => {
      const run = (
        await c.query(
          `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version, cycle_round, is_replay, seed, state, status, started_at, last_activity_at, expires_at, ended_at)
           VALUES (gen_random_uuid(), $1, $2, 'match3_v1', 1, 'l', 1, 1, 1, 1, false, 's', '{}', $3, $4, $4, $4, $4) RETURNING id`,
          [p, u, outcome, at],
        )
      ).rows[0].id;
      await c.query(
        `INSERT INTO level_result (run_id, project_id, external_user_id, mechanic, level_id, level_number, outcome, score, is_replay, first_completion, cycle_round, created_at)
         VALUES ($1, $2, $3, 'match3_v1', 'l', 1, $4, 1, false, true, 1, $5)`,
        [run, p, u, outcome, at],
      );
    };
    const campaign = (
      await c.query(
        `INSERT INTO campaign (id, project_id, name, status, trigger_type, trigger_params, reward_type, reward_metadata, max_per_user, cooldown_seconds, created_at, updated_at)
         VALUES (gen_random_uuid(), $1, 'c', 'active', 'game_won', '{}', 'code', '{}', 9, 0, now(), now()) RETURNING id`,
        [p],
      )
    ).rows[0].id;
    const claim = (u: string, at: string, status: string) =>
      c.query(
        `INSERT INTO reward_claim (id, project_id, campaign_id, external_user_id, trigger, idempotency_key, status, risk_score, risk_reasons, decided_by, created_at, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, 'game_won', gen_random_uuid()::text, $4, 0, '[]', 'gate', $5, $5)`,
        [p, campaign, u, status, at],
      );
    const expose = (key: string, u: string, at: string) =>
      c.query("INSERT INTO experiment_cohort (project_id, experiment_key, external_user_id, cohort, show_widget, first_exposed_at, last_exposed_at) VALUES ($1, $2, $3, 'treatment', true, $4, $4)", [p, key, u, at]);

    // a: exposed under an old key on 08-01 09:00 and under the current one on 08-10 10:00
    await expose("k0", "a", "2030-08-01T09:00:00Z");
    await expose("k1", "a", "2030-08-10T10:00:00Z");
    await expose("k1", "b", "2030-08-12T10:00:00Z"); // never played
    for (const at of ["2030-08-01T10:00:00Z", "2030-08-10T09:00:00Z", "2030-08-10T10:00:00Z", "2030-08-11T12:00:00Z", "2030-08-17T12:00:00Z", "2030-08-20T12:00:00Z", "2030-10-25T12:00:00Z"]) await session("a", at);
    await session("a", "2030-08-12T12:00:00Z", "lobby.viewed"); // not a session
    await session("other", "2030-08-12T12:00:00Z");
    await result("a", "2030-08-10T09:30:00Z", "won");
    await result("a", "2030-08-12T10:00:00Z", "won");
    await result("a", "2030-08-13T10:00:00Z", "lost");
    await claim("a", "2030-08-09T12:00:00Z", "deliverable");
    await claim("a", "2030-08-11T12:00:00Z", "deliverable");
    await claim("a", "2030-08-12T12:00:00Z", "held");
    await claim("a", "2030-08-12T13:00:00Z", "rejected");

    expect(await db.applyIt()).toEqual([AB]);
    const rows = (await c.query("SELECT experiment_key, external_user_id, plays, active_mask::text, wins, rewards FROM experiment_cohort ORDER BY 1, 2")).rows;
    const bits = (...days: number[]) => String(days.reduce((m, d) => m + 2 ** d, 0));
    expect(rows).toEqual([
      // from 08-01 09:00: every session (the one 85 days on counts as a play, past the mask's 63 days); both wins; two deliverable claims
      { experiment_key: "k0", external_user_id: "a", plays: 7, active_mask: bits(0, 9, 10, 16, 19), wins: 2, rewards: 2 },
      // from 08-10 10:00: not the session an hour before it on the same day, nor the win at 09:30 or the claim of 08-09
      { experiment_key: "k1", external_user_id: "a", plays: 5, active_mask: bits(0, 1, 7, 10), wins: 1, rewards: 1 },
      { experiment_key: "k1", external_user_id: "b", plays: 0, active_mask: "0", wins: 0, rewards: 0 },
    ]);
  });
});
