import { withTransaction } from "@/server/db/tx";
import { findOwnedProject } from "@/server/domain/identity";
import { now } from "@/server/lib/clock";
import { expectedCostPerSpin, ZWheelDraftSchema, type TWheelId } from "./draft-model";
import { measureSpinRate, forecastPacing } from "./pacing";
import { readDay, ensureWheels, readTimezone, readWheelRow } from "./wheel-store";

/**
 * What the wheel did: spins, landings and cost by segment, budget used today and in total, and
 * actual spend against the forecast the weights make (each spin's version's expected cost per
 * spin, summed). Budgets and caps can only pull spend below the forecast (a substituted landing
 * costs nothing), so spend well below it means they are doing the work; above it is luck. Budgets are the published version's
 * (the draft's before the first publish).
 */
export async function getWheelStats(opts: { accountId: string; projectId: string; wheelId: TWheelId }) {
  const project = await findOwnedProject(opts);
  return withTransaction(async (tx) => {
    await ensureWheels(tx, project);
    const wheel = await readWheelRow(tx, project.id, opts.wheelId);
    const timezone = await readTimezone(tx, project.id);
    const today = await readDay(tx, now(), timezone);
    const params = [project.id, opts.wheelId, today];
    const published = (
      await tx.query<{ config: unknown; weights_commitment: string; weights_salt: string; published_at: Date }>(
        "SELECT config, weights_commitment, weights_salt, published_at FROM wheel_version WHERE project_id = $1 AND wheel_id = $2 AND version = $3",
        [project.id, opts.wheelId, wheel.published_version],
      )
    ).rows[0];
    const config = published ? ZWheelDraftSchema.parse(published.config) : wheel.draft;
    const day = (await tx.query<{ spins: number; spent_minor: string }>("SELECT spins, spent_minor FROM wheel_day WHERE project_id = $1 AND wheel_id = $2 AND day = $3::date", params)).rows[0];
    const segments = await tx.query<{ segment_id: string; label: string; landings: number; landings_today: number; cost_minor: string; substituted: number }>(
      `SELECT segment_id, (array_agg(outcome->'segment'->>'label' ORDER BY created_at DESC))[1] AS label, count(*)::int AS landings, (count(*) FILTER (WHERE day = $3::date))::int AS landings_today,
              sum(cost_minor) AS cost_minor, (count(*) FILTER (WHERE substituted))::int AS substituted
         FROM wheel_spin WHERE project_id = $1 AND wheel_id = $2 GROUP BY segment_id ORDER BY segment_id`,
      params,
    );
    const versions = await tx.query<{ config: unknown; spins: number; spins_today: number; last_7_days: number }>(
      `SELECT v.config, count(*)::int AS spins, (count(*) FILTER (WHERE s.day = $3::date))::int AS spins_today, (count(*) FILTER (WHERE s.day > $3::date - 7))::int AS last_7_days
         FROM wheel_spin s JOIN wheel_version v ON v.project_id = s.project_id AND v.wheel_id = s.wheel_id AND v.version = s.wheel_version
        WHERE s.project_id = $1 AND s.wheel_id = $2 GROUP BY v.version, v.config`,
      params,
    );
    let spins = 0, spinsToday = 0, last7 = 0, forecastTotal = 0, forecastToday = 0;
    for (const v of versions.rows) {
      const expected = expectedCostPerSpin(ZWheelDraftSchema.parse(v.config));
      spins += v.spins;
      spinsToday += v.spins_today;
      last7 += v.last_7_days;
      forecastTotal += v.spins * expected;
      forecastToday += v.spins_today * expected;
    }
    const usedToday = Number(day?.spent_minor ?? 0);
    const expectedNow = expectedCostPerSpin(config);
    return {
      wheel_id: opts.wheelId,
      published_version: published ? wheel.published_version : null,
      timezone,
      day: today,
      spins: { total: spins, today: spinsToday, last_7_days: last7 },
      awards_by_segment: segments.rows.map((r) => ({ segment_id: r.segment_id, label: r.label, landings: r.landings, landings_today: r.landings_today, substituted_landings: r.substituted, cost_minor: Number(r.cost_minor) })),
      budget: { daily_minor: config.budget_daily_minor, used_today_minor: usedToday, total_minor: config.budget_total_minor, used_total_minor: wheel.spent_total_minor },
      pacing: {
        expected_cost_per_spin_minor: expectedNow,
        forecast_spend_today_minor: forecastToday,
        actual_spend_today_minor: usedToday,
        forecast_spend_total_minor: forecastTotal,
        actual_spend_total_minor: wheel.spent_total_minor,
        spend_vs_forecast: forecastTotal > 0 ? wheel.spent_total_minor / forecastTotal : null,
        ...forecastPacing({
          expectedCostPerSpinMinor: expectedNow,
          spinsPerDay: await measureSpinRate(tx, project.id, opts.wheelId, today),
          budgetDailyMinor: config.budget_daily_minor,
          budgetTotalMinor: config.budget_total_minor,
          spentTotalMinor: wheel.spent_total_minor,
        }),
      },
      fairness: published ? { weights_commitment: published.weights_commitment, weights_salt: published.weights_salt, published_at: published.published_at.toISOString() } : null,
    };
  });
}
