import { describe, expect, it } from "vitest";
import { databaseBeforeMigration } from "../helpers/scratch-db";

/**
 * Migration 0032_ab_cohort_costs on a database that already holds exposures, claims, wheel spins
 * and boosters: the backfill gives each exposure row the costs the triggers would have kept.
 */
const COSTS = "0032_ab_cohort_costs";
const db = databaseBeforeMigration(COSTS);

describe("migration 0032_ab_cohort_costs", () => {
  it("backfills the rewards' types and declared value, the wheel's prizes and the boosters given since each exposure", async () => {
    const c = db.client;
    const account = (await c.query("INSERT INTO admin_account (email, password_hash) VALUES ('costs@example.com', 'x') RETURNING id")).rows[0].id;
    const p = (await c.query("INSERT INTO project (owner_account_id, name, experiment_key, currency) VALUES ($1, 'costs', 'k1', 'EUR') RETURNING id", [account])).rows[0].id as string;
    const campaign = async (type: string, metadata: object) =>
      (
        await c.query(
          `INSERT INTO campaign (id, project_id, name, status, trigger_type, trigger_params, reward_type, reward_metadata, max_per_user, cooldown_seconds, created_at, updated_at)
           VALUES (gen_random_uuid(), $1, 'c', 'active', 'game_won', '{}', $2, $3, 9, 0, now(), now()) RETURNING id`,
          [p, type, JSON.stringify(metadata)],
        )
      ).rows[0].id as string;
    const promo = await campaign("promo_code", { discount_minor: 400 });
    const dollars = await campaign("promo_code", { discount_minor: 400, currency: "USD" });
    const points = await campaign("points", { amount: 10 });
    const claim = (campaignId: string, u: string, at: string, status = "deliverable") =>
      c.query(
        `INSERT INTO reward_claim (id, project_id, campaign_id, external_user_id, trigger, idempotency_key, status, risk_score, risk_reasons, decided_by, created_at, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, 'game_won', gen_random_uuid()::text, $4, 0, '[]', 'gate', $5, $5)`,
        [p, campaignId, u, status, at],
      );
    await c.query("INSERT INTO wheel (project_id, wheel_id, draft, draft_hash, created_at, updated_at) VALUES ($1, 'daily', '{}', 'h', now(), now())", [p]);
    await c.query("INSERT INTO wheel_version (project_id, wheel_id, version, config, draft_hash, weights_salt, weights_commitment, published_at) VALUES ($1, 'daily', 1, '{}', 'h', 's', 'c', now())", [p]);
    const spin = (u: string, at: string, cost: number) =>
      c.query(
        `INSERT INTO wheel_spin (project_id, external_user_id, spin_id, wheel_id, wheel_version, source, request_hash, day, kind, tickets_spent, nonce, server_seed, server_seed_hash,
                                 drawn_segment_id, segment_id, outcome, cost_minor, substituted, created_at)
         VALUES ($1, $2, gen_random_uuid(), 'daily', 1, 'lobby', 'r', $3::date, 'free', 0, 0, 's', 'h', 'x', 'x', '{}', $4, false, $3)`,
        [p, u, at, cost],
      );
    const booster = (u: string, at: string) =>
      c.query(
        `INSERT INTO effect_token (id, project_id, external_user_id, booster_id, mechanic, effect, status, issued_at, expires_at)
         VALUES (gen_random_uuid(), $1, $2, 'gem_hammer', 'match3_v1', 'hammer', 'issued', $3, $3::timestamptz + interval '1 hour')`,
        [p, u, at],
      );
    const expose = (key: string, u: string, at: string) =>
      c.query("INSERT INTO experiment_cohort (project_id, experiment_key, external_user_id, cohort, show_widget, first_exposed_at, last_exposed_at) VALUES ($1, $2, $3, 'treatment', true, $4, $4)", [p, key, u, at]);

    await expose("k0", "a", "2030-08-01T09:00:00Z");
    await expose("k1", "a", "2030-08-10T10:00:00Z");
    await expose("k1", "b", "2030-08-12T10:00:00Z"); // nothing since
    await claim(promo, "a", "2030-08-05T12:00:00Z"); // k0 only
    await claim(promo, "a", "2030-08-11T12:00:00Z");
    await claim(dollars, "a", "2030-08-11T13:00:00Z"); // no value in EUR
    await claim(points, "a", "2030-08-11T14:00:00Z");
    await claim(promo, "a", "2030-08-11T15:00:00Z", "held");
    await claim(promo, "b", "2030-08-11T15:00:00Z"); // before b's exposure
    await spin("a", "2030-08-05T12:00:00Z", 70); // k0 only
    await spin("a", "2030-08-11T12:00:00Z", 30);
    await spin("a", "2030-08-11T13:00:00Z", 0); // a nothing landing
    await booster("a", "2030-08-05T12:00:00Z"); // k0 only
    await booster("a", "2030-08-12T12:00:00Z");
    await booster("b", "2030-08-12T09:00:00Z"); // before b's exposure

    expect(await db.applyIt()).toEqual([COSTS]);
    const rows = (await c.query("SELECT experiment_key, external_user_id, reward_types, reward_value_minor::int, rewards_valued, wheel_prizes, wheel_cost_minor::int, boosters FROM experiment_cohort ORDER BY 1, 2")).rows;
    expect(rows).toEqual([
      { experiment_key: "k0", external_user_id: "a", reward_types: { promo_code: 3, points: 1 }, reward_value_minor: 800, rewards_valued: 2, wheel_prizes: 2, wheel_cost_minor: 100, boosters: 2 },
      { experiment_key: "k1", external_user_id: "a", reward_types: { promo_code: 2, points: 1 }, reward_value_minor: 400, rewards_valued: 1, wheel_prizes: 1, wheel_cost_minor: 30, boosters: 1 },
      { experiment_key: "k1", external_user_id: "b", reward_types: {}, reward_value_minor: 0, rewards_valued: 0, wheel_prizes: 0, wheel_cost_minor: 0, boosters: 0 },
    ]);
  });
});
