import { pool } from "@/server/db/client";
import { findOwnedProject } from "@/server/domain/projects/find-owned-project";
import { rate, today } from "./days";

type TCohortRow = { cohort: string; players: number; exposures: number; plays: number; wins: number; rewards: number; d1_eligible: number; d1_returned: number; d7_eligible: number; d7_returned: number };

/**
 * The A/B experiment's cohorts side by side, for the current experiment key or a past one.
 * Everything is counted per exposed player from their first exposure on: day-N return is measured
 * from the exposure's UTC day (only players whose day N is over are in the denominator).
 */
export async function getAb(opts: { accountId: string; projectId: string; experimentKey?: string }) {
  const project = await findOwnedProject(opts);
  const key = opts.experimentKey ?? project.experimentKey;
  const { rows } = await pool().query<TCohortRow>(
    `WITH c AS (
       SELECT cohort, external_user_id, exposures, first_exposed_at, (first_exposed_at AT TIME ZONE 'UTC')::date AS d0
         FROM experiment_cohort WHERE project_id = $1 AND experiment_key = $2)
     SELECT c.cohort, count(*)::int AS players, sum(c.exposures)::int AS exposures,
            coalesce(sum(pl.n), 0)::int AS plays, coalesce(sum(w.n), 0)::int AS wins, coalesce(sum(rw.n), 0)::int AS rewards,
            count(*) FILTER (WHERE c.d0 + 1 < $3::date)::int AS d1_eligible,
            count(*) FILTER (WHERE c.d0 + 1 < $3::date AND EXISTS (SELECT 1 FROM analytics_player_day d WHERE d.project_id = $1 AND d.external_user_id = c.external_user_id AND d.day = c.d0 + 1))::int AS d1_returned,
            count(*) FILTER (WHERE c.d0 + 7 < $3::date)::int AS d7_eligible,
            count(*) FILTER (WHERE c.d0 + 7 < $3::date AND EXISTS (SELECT 1 FROM analytics_player_day d WHERE d.project_id = $1 AND d.external_user_id = c.external_user_id AND d.day = c.d0 + 7))::int AS d7_returned
       FROM c
       LEFT JOIN LATERAL (SELECT sum(sessions) AS n FROM analytics_player_day d WHERE d.project_id = $1 AND d.external_user_id = c.external_user_id AND d.day >= c.d0) pl ON true
       LEFT JOIN LATERAL (SELECT count(*) AS n FROM level_result r WHERE r.project_id = $1 AND r.outcome = 'won' AND r.external_user_id = c.external_user_id AND r.created_at >= c.first_exposed_at) w ON true
       LEFT JOIN LATERAL (SELECT count(*) AS n FROM reward_claim rc WHERE rc.project_id = $1 AND rc.external_user_id = c.external_user_id AND rc.status = 'deliverable' AND rc.created_at >= c.first_exposed_at) rw ON true
      GROUP BY c.cohort ORDER BY c.cohort`,
    [project.id, key, today()],
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
