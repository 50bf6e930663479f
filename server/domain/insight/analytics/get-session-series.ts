import { laggedProjectReads } from "@/server/db/replica";
import { findOwnedProject } from "@/server/domain/identity";
import { addDays, ANALYTICS_TIME_ZONE, today } from "./days";

/**
 * Sessions per UTC day for the `days` days ending today, every day present (zero when nobody
 * played), and the change against the `days` days before them; null when those had none.
 */
export async function getSessionSeries(opts: { accountId: string; projectId: string; days: number }) {
  await findOwnedProject(opts);
  const reads = await laggedProjectReads(opts.projectId);
  const to = today();
  const from = addDays(to, -(opts.days - 1));
  const prevFrom = addDays(from, -opts.days);
  const [series, prev] = await Promise.all([
    reads.query<{ date: string; count: number; players: number }>(
      `SELECT to_char(g.day, 'YYYY-MM-DD') AS date, coalesce(s.sessions, 0)::int AS count, coalesce(s.players, 0)::int AS players
         FROM generate_series($2::date, $3::date, interval '1 day') AS g(day)
         LEFT JOIN (SELECT day, sum(sessions) AS sessions, count(*) AS players FROM analytics_player_day
                     WHERE project_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY day) s ON s.day = g.day::date
        ORDER BY g.day`,
      [opts.projectId, from, to],
    ),
    reads.query<{ n: number }>(
      "SELECT coalesce(sum(sessions), 0)::int AS n FROM analytics_player_day WHERE project_id = $1 AND day BETWEEN $2::date AND $3::date",
      [opts.projectId, prevFrom, addDays(from, -1)],
    ),
  ]);
  const total = series.rows.reduce((s, r) => s + r.count, 0);
  const previous = prev.rows[0]!.n;
  return {
    timezone: ANALYTICS_TIME_ZONE,
    days: opts.days,
    series: series.rows,
    total,
    previous_total: previous,
    delta_pct: previous === 0 ? null : Math.round(((total - previous) / previous) * 1000) / 10,
  };
}
