import { laggedProjectReads } from "@/server/db/replica";
import { formatCount, formatNumber, formatPercent } from "@/i18n/format";
import { findOwnedProject } from "@/server/domain/identity";
import { dayNReturn } from "./day-n-return";
import { addDays, ANALYTICS_TIME_ZONE, dayStart, today } from "./days";

export const CASE_PERIOD_DAYS = 30;

const PLAYER = { one: "player", other: "players" };

/**
 * The one-page story of the project's last 30 UTC days: how many played, how many came back, what
 * they won and what the integrator's systems received — as numbers and as a paragraph to paste.
 */
export async function getCaseStudy(opts: { accountId: string; projectId: string }) {
  const project = await findOwnedProject(opts);
  const reads = await laggedProjectReads(opts.projectId);
  const to = today();
  const from = addDays(to, -(CASE_PERIOD_DAYS - 1));
  const since = dayStart(from);
  const id = project.id;
  const [play, fresh, wins, rewards, hooks, d7] = await Promise.all([
    reads.query<{ players: number; sessions: number; returning: number }>(
      `SELECT count(*)::int AS players, coalesce(sum(s), 0)::int AS sessions, count(*) FILTER (WHERE days > 1)::int AS returning
         FROM (SELECT external_user_id, sum(sessions) AS s, count(*) AS days FROM analytics_player_day
                WHERE project_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY external_user_id) p`,
      [id, from, to],
    ),
    reads.query<{ n: number }>("SELECT count(*)::int AS n FROM analytics_player WHERE project_id = $1 AND first_day BETWEEN $2::date AND $3::date", [id, from, to]),
    reads.query<{ n: number }>("SELECT count(*)::int AS n FROM level_result WHERE project_id = $1 AND outcome = 'won' AND created_at >= $2", [id, since]),
    reads.query<{ n: number }>("SELECT count(*)::int AS n FROM reward_claim WHERE project_id = $1 AND status = 'deliverable' AND created_at >= $2", [id, since]),
    reads.query<{ delivered: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE status = 'delivered')::int AS delivered, count(*) FILTER (WHERE status = 'dead')::int AS failed
         FROM webhook_delivery WHERE project_id = $1 AND status IN ('delivered', 'dead') AND created_at >= $2`,
      [id, since],
    ),
    dayNReturn(reads, id, 7),
  ]);
  const p = play.rows[0]!;
  const c = {
    players: p.players,
    new_players: fresh.rows[0]!.n,
    sessions: p.sessions,
    returning_players: p.returning,
    d7_return_rate: d7.rate,
    levels_won: wins.rows[0]!.n,
    rewards_granted: rewards.rows[0]!.n,
    webhooks_delivered: hooks.rows[0]!.delivered,
    webhooks_failed: hooks.rows[0]!.failed,
  };
  const heading = `${project.name}, ${from} to ${to} (${ANALYTICS_TIME_ZONE})`;
  const summary =
    c.players === 0
      ? `${heading}: no one has played yet.`
      : `${heading}: ${formatCount(c.players, PLAYER)} started ${formatCount(c.sessions, { one: "game session", other: "game sessions" })}` +
        ` (${formatNumber(c.new_players)} of them new). ${formatCount(c.returning_players, PLAYER)} (${formatPercent(c.players ? c.returning_players / c.players : null)}) came back on more than one day;` +
        ` day-7 return was ${c.d7_return_rate === null ? "not measured yet" : formatPercent(c.d7_return_rate)}. Players won ${formatCount(c.levels_won, { one: "level", other: "levels" })} and earned ${formatCount(c.rewards_granted, { one: "reward", other: "rewards" })};` +
        ` ${formatCount(c.webhooks_delivered, { one: "reward webhook was", other: "reward webhooks were" })} delivered to your systems${c.webhooks_failed ? ` (${formatNumber(c.webhooks_failed)} failed after all retries)` : ""}.`;
  return { project_name: project.name, timezone: ANALYTICS_TIME_ZONE, period: { from, to, days: CASE_PERIOD_DAYS }, ...c, summary };
}
