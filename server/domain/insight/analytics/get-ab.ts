import { pool } from "@/server/db/client";
import { findOwnedProject } from "@/server/domain/identity";
import { addDays, dayStart, rate, today } from "./days";

type TCohortRow = { cohort: string; players: number; exposures: number; plays: number; wins: number; rewards: number; d1_eligible: number; d1_returned: number; d7_eligible: number; d7_returned: number };

/**
 * The A/B experiment's cohorts side by side, for the current experiment key or a past one.
 * Everything is counted per exposed player from their first exposure (the instant) on; day-N return
 * is a session on exactly the exposure's UTC day + N, and only players whose day N is over are in
 * the denominator. Each exposure row carries its player's plays, wins, granted rewards and a mask
 * of the days since the exposure day with a session (migration 0014_ab_rollup: kept by triggers in
 * the transaction of the session, result or claim), so this is one pass over the experiment's rows
 * of experiment_cohort and no join: the cost follows the number of exposed players only.
 */
export async function getAb(opts: { accountId: string; projectId: string; experimentKey?: string }) {
  const project = await findOwnedProject(opts);
  const key = opts.experimentKey ?? project.experimentKey;
  // Day N of an exposure is over (eligible) when it was exposed before the start of today − N + 1,
  // i.e. its UTC day + N < today. Returned: bit N of its mask.
  const t = today();
  const { rows } = await pool().query<TCohortRow>(
    `SELECT cohort, count(*)::int AS players, sum(exposures)::int AS exposures, sum(plays)::int AS plays, sum(wins)::int AS wins, sum(rewards)::int AS rewards,
            count(*) FILTER (WHERE first_exposed_at < $3)::int AS d1_eligible, count(*) FILTER (WHERE first_exposed_at < $3 AND active_mask & 2 <> 0)::int AS d1_returned,
            count(*) FILTER (WHERE first_exposed_at < $4)::int AS d7_eligible, count(*) FILTER (WHERE first_exposed_at < $4 AND active_mask & 128 <> 0)::int AS d7_returned
       FROM experiment_cohort WHERE project_id = $1 AND experiment_key = $2
      GROUP BY cohort ORDER BY cohort`,
    [project.id, key, dayStart(addDays(t, -1)), dayStart(addDays(t, -7))],
  );
  return {
    enabled: project.exposureMode === "ab_test",
    exposure_mode: project.exposureMode,
    experiment_key: key,
    current: key === project.experimentKey,
    cohorts: rows.map((r) => ({
      cohort: r.cohort,
      players: r.players,
      exposures: r.exposures,
      plays: r.plays,
      wins: r.wins,
      d1_return: { eligible: r.d1_eligible, returned: r.d1_returned, rate: rate(r.d1_returned, r.d1_eligible) },
      d7_return: { eligible: r.d7_eligible, returned: r.d7_returned, rate: rate(r.d7_returned, r.d7_eligible) },
      rewards_granted: r.rewards,
      cost_per_retained_player: r.d7_returned === 0 ? null : Math.round((r.rewards / r.d7_returned) * 100) / 100,
    })),
  };
}
