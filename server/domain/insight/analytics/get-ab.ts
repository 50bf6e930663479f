import { laggedProjectReads } from "@/server/db/replica";
import { findOwnedProject } from "@/server/domain/identity";
import { REWARD_TYPE_IDS } from "@/server/domain/money";
import { addDays, dayStart, rate, today } from "./days";

/**
 * The cohort's granted rewards by type: a key lookup per known type, and only on the rows that have
 * rewards (unpacking every row's JSON with jsonb_each cost the A/B route 5× its time at 33 000
 * exposures). A type outside today's list (a claim whose campaign is gone) shows as `other`.
 */
const REWARD_TYPES_SQL = `jsonb_build_object(${REWARD_TYPE_IDS.map((t) => `'${t}', coalesce(sum((reward_types ->> '${t}')::int) FILTER (WHERE rewards > 0), 0)`).join(", ")})`;

type TCohortRow = {
  cohort: string; players: number; exposures: number; plays: number; wins: number; rewards: number; d1_eligible: number; d1_returned: number; d7_eligible: number; d7_returned: number;
  reward_types: Record<string, number>; reward_value_minor: string; rewards_valued: number; wheel_prizes: number; wheel_cost_minor: string; boosters: number;
};

/**
 * The A/B experiment's cohorts side by side, for the current experiment key or a past one.
 * Everything is counted per exposed player from their first exposure (the instant) on; day-N return
 * is a session on exactly the exposure's UTC day + N, and only players whose day N is over are in
 * the denominator. Each exposure row carries its player's plays, wins, granted rewards and a mask
 * of the days since the exposure day with a session (migration 0014_ab_rollup: kept by triggers in
 * the transaction of the session, result or claim), so this is one pass over the experiment's rows
 * of experiment_cohort and no join: the cost follows the number of exposed players only.
 * The same rows keep what the cohort's rewards, wheel prizes and boosters cost (migration
 * 0032_ab_cohort_costs), so what retention costs comes from the same pass: `cohortCosts`.
 */
export async function getAb(opts: { accountId: string; projectId: string; experimentKey?: string }) {
  const project = await findOwnedProject(opts);
  const reads = await laggedProjectReads(opts.projectId);
  const key = opts.experimentKey ?? project.experimentKey;
  // Day N of an exposure is over (eligible) when it was exposed before the start of today − N + 1,
  // i.e. its UTC day + N < today. Returned: bit N of its mask.
  const t = today();
  const { rows } = await reads.query<TCohortRow>(
    `SELECT cohort, count(*)::int AS players, sum(exposures)::int AS exposures, sum(plays)::int AS plays, sum(wins)::int AS wins, sum(rewards)::int AS rewards,
            count(*) FILTER (WHERE first_exposed_at < $3)::int AS d1_eligible, count(*) FILTER (WHERE first_exposed_at < $3 AND active_mask & 2 <> 0)::int AS d1_returned,
            count(*) FILTER (WHERE first_exposed_at < $4)::int AS d7_eligible, count(*) FILTER (WHERE first_exposed_at < $4 AND active_mask & 128 <> 0)::int AS d7_returned,
            ${REWARD_TYPES_SQL} AS reward_types,
            sum(reward_value_minor)::text AS reward_value_minor, sum(rewards_valued)::int AS rewards_valued,
            sum(wheel_prizes)::int AS wheel_prizes, sum(wheel_cost_minor)::text AS wheel_cost_minor, sum(boosters)::int AS boosters
       FROM experiment_cohort WHERE project_id = $1 AND experiment_key = $2
      GROUP BY cohort ORDER BY cohort`,
    [project.id, key, dayStart(addDays(t, -1)), dayStart(addDays(t, -7))],
  );
  return {
    enabled: project.exposureMode === "ab_test",
    exposure_mode: project.exposureMode,
    currency: project.currency,
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
      ...cohortCosts(r),
    })),
  };
}

/**
 * What a cohort's rewards, wheel prizes and boosters cost, whole and per player retained at day 7
 * (money in minor units of the project's currency; a reward counts at its campaign's declared value,
 * `rewards_with_value` says how many had one).
 */
function cohortCosts(r: Pick<TCohortRow, "rewards" | "reward_types" | "reward_value_minor" | "rewards_valued" | "wheel_prizes" | "wheel_cost_minor" | "boosters" | "d7_returned">) {
  const rewardValue = Number(r.reward_value_minor);
  const wheelCost = Number(r.wheel_cost_minor);
  const cost = rewardValue + wheelCost;
  const perRetained = (n: number, digits: number) => (r.d7_returned === 0 ? null : Math.round((n / r.d7_returned) * 10 ** digits) / 10 ** digits);
  return {
    rewards_by_type: rewardsByType(r.reward_types, r.rewards),
    reward_value_minor: rewardValue,
    rewards_with_value: r.rewards_valued,
    wheel_prizes: r.wheel_prizes,
    wheel_prizes_cost_minor: wheelCost,
    boosters_granted: r.boosters,
    cost_minor: cost,
    cost_per_retained_player_minor: perRetained(cost, 0),
    boosters_per_retained_player: perRetained(r.boosters, 2),
  };
}

/** The non-zero counts by type, and what no known type accounts for as `other`. */
function rewardsByType(known: Record<string, number>, total: number): Record<string, number> {
  const out: Record<string, number> = {};
  let counted = 0;
  for (const [type, n] of Object.entries(known)) {
    if (n > 0) out[type] = n;
    counted += n;
  }
  if (total > counted) out.other = total - counted;
  return out;
}
