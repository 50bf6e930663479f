import { laggedProjectReads } from "@/server/db/replica";
import { findOwnedProject } from "@/server/domain/identity";
import { dayNReturn } from "./day-n-return";
import { addDays, ANALYTICS_TIME_ZONE, dayStart, PREVIEW_EVENT_TYPES, rate, SESSION_EVENT_TYPES, today, WINDOW_DAYS } from "./days";

/** The project's vital signs; every figure is defined in the route's OpenAPI description. */
export async function getOverview(opts: { accountId: string; projectId: string }) {
  await findOwnedProject(opts);
  const reads = await laggedProjectReads(opts.projectId);
  const day = today();
  const from = addDays(day, -(WINDOW_DAYS - 1));
  const since = dayStart(from);
  const id = opts.projectId;
  const [active, runs, preview, flags, hooks, d1, d7] = await Promise.all([
    reads.query<{ dau: number; wau: number; sessions: number }>(
      `SELECT count(*) FILTER (WHERE day = $3::date)::int AS dau, count(DISTINCT external_user_id)::int AS wau, coalesce(sum(sessions), 0)::int AS sessions
         FROM analytics_player_day WHERE project_id = $1 AND day BETWEEN $2::date AND $3::date`,
      [id, from, day],
    ),
    reads.query<{ avg: number | null; n: number }>(
      `SELECT avg(extract(epoch FROM coalesce(ended_at, last_activity_at) - started_at))::float AS avg, count(*)::int AS n
         FROM game_run WHERE project_id = $1 AND started_at >= $2`,
      [id, since],
    ),
    reads.query<{ previewed: number; played: number }>(
      `WITH v AS (
         SELECT external_user_id FROM player_event WHERE project_id = $1 AND type = ANY($3::text[]) AND created_at >= $2
         UNION
         SELECT external_user_id FROM experiment_cohort WHERE project_id = $1 AND show_widget AND last_exposed_at >= $2)
       , p AS (SELECT DISTINCT external_user_id FROM analytics_player_day WHERE project_id = $1 AND day >= $4::date)
       -- one hash join of the two sets (a probe per previewed player cost twice as much at 15 000 of them)
       SELECT count(*)::int AS previewed, count(p.external_user_id)::int AS played
         FROM v LEFT JOIN p ON p.external_user_id = v.external_user_id`,
      [id, since, PREVIEW_EVENT_TYPES, from],
    ),
    reads.query<{ n: number }>("SELECT count(*)::int AS n FROM fraud_flag WHERE project_id = $1 AND created_at >= $2", [id, since]),
    reads.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM webhook_delivery WHERE project_id = $1 AND created_at >= $2 AND (status = 'dead' OR (status = 'queued' AND attempts > 0))",
      [id, since],
    ),
    dayNReturn(reads, id, 1),
    dayNReturn(reads, id, 7),
  ]);
  const a = active.rows[0]!;
  const pv = preview.rows[0]!;
  const avg = runs.rows[0]!.avg;
  const ret = (r: Awaited<ReturnType<typeof dayNReturn>>) => ({ cohort: r.started, returned: r.returned, rate: r.rate });
  return {
    timezone: ANALYTICS_TIME_ZONE,
    today: day,
    window_days: WINDOW_DAYS,
    session_event_types: [...SESSION_EVENT_TYPES],
    dau: a.dau,
    wau: a.wau,
    sessions: a.sessions,
    avg_session_seconds: avg === null ? null : Math.round(avg * 10) / 10,
    d1_return: ret(d1),
    d7_return: ret(d7),
    preview_to_play: { previewed: pv.previewed, played: pv.played, rate: rate(pv.played, pv.previewed) },
    fraud_flags: flags.rows[0]!.n,
    webhook_failures: hooks.rows[0]!.n,
  };
}
