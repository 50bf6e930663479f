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
  // Set-based: one pass over the cohort's player-days and one over its wins and its claims, run
  // side by side (hash joins; a probe per exposed player would grow with the cohort).
  const [main, wins, rewards] = await Promise.all([
    pool().query<Omit<TCohortRow, "wins" | "rewards">>(
      `WITH c AS (SELECT cohort, external_user_id, exposures, (first_exposed_at AT TIME ZONE 'UTC')::date AS d0
                    FROM experiment_cohort WHERE project_id = $1 AND experiment_key = $2),
            a AS (SELECT c.external_user_id, sum(d.sessions) AS plays, bool_or(d.day = c.d0 + 1) AS r1, bool_or(d.day = c.d0 + 7) AS r7
                    FROM c JOIN analytics_player_day d ON d.project_id = $1 AND d.external_user_id = c.external_user_id AND d.day >= c.d0
                   GROUP BY c.external_user_id)
       SELECT c.cohort, count(*)::int AS players, sum(c.exposures)::int AS exposures, coalesce(sum(a.plays), 0)::int AS plays,
              count(*) FILTER (WHERE c.d0 + 1 < $3::date)::int AS d1_eligible, count(*) FILTER (WHERE c.d0 + 1 < $3::date AND a.r1)::int AS d1_returned,
              count(*) FILTER (WHERE c.d0 + 7 < $3::date)::int AS d7_eligible, count(*) FILTER (WHERE c.d0 + 7 < $3::date AND a.r7)::int AS d7_returned
         FROM c LEFT JOIN a ON a.external_user_id = c.external_user_id
        GROUP BY c.cohort ORDER BY c.cohort`,
      [project.id, key, today()],
    ),
    pool().query<{ cohort: string; n: number }>(
      `SELECT c.cohort, count(*)::int AS n FROM experiment_cohort c
         JOIN level_result r ON r.project_id = c.project_id AND r.outcome = 'won' AND r.external_user_id = c.external_user_id AND r.created_at >= c.first_exposed_at
        WHERE c.project_id = $1 AND c.experiment_key = $2 GROUP BY c.cohort`,
      [project.id, key],
    ),
    pool().query<{ cohort: string; n: number }>(
      `SELECT c.cohort, count(*)::int AS n FROM experiment_cohort c
         JOIN reward_claim rc ON rc.project_id = c.project_id AND rc.status = 'deliverable' AND rc.external_user_id = c.external_user_id AND rc.created_at >= c.first_exposed_at
        WHERE c.project_id = $1 AND c.experiment_key = $2 GROUP BY c.cohort`,
      [project.id, key],
    ),
  ]);
  const of = (res: typeof wins, cohort: string) => res.rows.find((r) => r.cohort === cohort)?.n ?? 0;
  const rows: TCohortRow[] = main.rows.map((r) => ({ ...r, wins: of(wins, r.cohort), rewards: of(rewards, r.cohort) }));
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
