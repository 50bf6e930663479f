import type { TReader } from "@/server/db/replica";
import { addDays, COHORT_DAYS, rate, today } from "./days";

/**
 * Day-N return. The cohort: players whose first session fell on one of the COHORT_DAYS complete
 * UTC days whose day N is already over (first day from today−N−30 to today−N−1). `returned`: of
 * them, those with a session on exactly their first day + N. `completed`: those with a won level
 * before the end of their day N. Returns are a bit test on the cohort's analytics_player rows (their
 * active-day mask); completions, only when asked, an index probe into level_result per player. The
 * cost follows the cohort, not the event count. N is at most 62 (the mask's width; routes allow 30).
 */
export async function dayNReturn(reads: TReader, projectId: string, n: number, opts: { completions?: boolean } = {}) {
  const to = addDays(today(), -n - 1);
  const from = addDays(to, -(COHORT_DAYS - 1));
  const { rows } = await reads.query<{ started: number; returned: number; completed: number }>(
    `SELECT count(*)::int AS started,
            count(*) FILTER (WHERE (p.active_mask >> $4::int) & 1 = 1)::int AS returned,
            count(*) FILTER (WHERE $5::boolean AND EXISTS (SELECT 1 FROM level_result r
                              WHERE r.project_id = p.project_id AND r.outcome = 'won' AND r.external_user_id = p.external_user_id
                                AND r.created_at < ((p.first_day + $4::int + 1)::timestamp AT TIME ZONE 'UTC')))::int AS completed
       FROM analytics_player p
      WHERE p.project_id = $1 AND p.first_day BETWEEN $2::date AND $3::date`,
    [projectId, from, to, n, opts.completions ?? false],
  );
  const r = rows[0]!;
  return { cohort_from: from, cohort_to: to, started: r.started, returned: r.returned, completed: r.completed, rate: rate(r.returned, r.started) };
}
