import type { TTx } from "@/server/db/tx";
import type { TWheelId } from "./draft-model";

/**
 * Budget pacing: how fast the wheel spends at a spin rate. Spending per day is the expected cost
 * per spin times spins per day, but never more than the daily budget (beyond it spins land on
 * `nothing`); the total budget then lasts `remaining / that` days.
 */
export function forecastPacing(opts: { expectedCostPerSpinMinor: number; spinsPerDay: number; budgetDailyMinor: number; budgetTotalMinor: number; spentTotalMinor: number }) {
  const expectedDaily = opts.expectedCostPerSpinMinor * opts.spinsPerDay;
  const pacedDaily = Math.min(expectedDaily, opts.budgetDailyMinor);
  const remaining = Math.max(0, opts.budgetTotalMinor - opts.spentTotalMinor);
  return {
    spins_per_day: opts.spinsPerDay,
    expected_daily_spend_minor: expectedDaily,
    paced_daily_spend_minor: pacedDaily,
    daily_budget_binding: expectedDaily > opts.budgetDailyMinor,
    remaining_total_minor: remaining,
    days_until_total_budget_spent: pacedDaily > 0 ? remaining / pacedDaily : null,
  };
}

/**
 * Spins per day over the last 7 days, from the day counters: the spins of those days over 7, or
 * over the days since the wheel's first spin when it is younger. (The age was counted from the
 * first spin inside the 7 days, so a wheel spun only yesterday and today after a quiet week read
 * as two days old: its spins halved, not spread over the week.)
 */
export async function measureSpinRate(tx: TTx, projectId: string, wheelId: TWheelId, today: string): Promise<number> {
  const { rows } = await tx.query<{ spins: number; days: number }>(
    `SELECT COALESCE(sum(spins) FILTER (WHERE day > $3::date - 7), 0)::int AS spins, COALESCE($3::date - min(day) + 1, 0)::int AS days
       FROM wheel_day WHERE project_id = $1 AND wheel_id = $2 AND day <= $3::date AND spins > 0`,
    [projectId, wheelId, today],
  );
  const { spins, days } = rows[0]!;
  return days > 0 ? spins / Math.min(7, days) : 0;
}
