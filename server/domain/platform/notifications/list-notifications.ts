import { db, pool } from "@/server/db/client";
import { listJobHealth } from "@/server/jobs/job-health";
import { findOwnedProject } from "@/server/domain/identity";
import { now } from "@/server/lib/clock";

export const NOTIFICATION_KINDS = [
  "webhooks_dead",
  "webhooks_retrying",
  "claims_review",
  "claims_held",
  "fraud_flags_open",
  "wheel_budget_exhausted",
  "wheel_daily_budget_exhausted",
  "jobs_unhealthy",
] as const;
type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];
type TSeverity = "critical" | "warning" | "info";

export type TNotification = {
  id: string;
  kind: TNotificationKind;
  severity: TSeverity;
  project_id: string | null;
  title: string;
  body: string;
  href: string;
  count: number;
  created_at: string;
};

/** Dead deliveries stop being news after a week (they stay in the deliveries list). */
const DEAD_WINDOW_MS = 7 * 24 * 3600 * 1000;
const SEVERITY_RANK: Record<TSeverity, number> = { critical: 0, warning: 1, info: 2 };

type TAgg = { project_id: string; n: string; at: Date; extra?: string | null };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What needs the owner's attention now, derived from the live tables rather than stored: each
 * notification is one condition of one project (its count and the time of its latest occurrence),
 * so it disappears by itself once the condition is resolved (a claim decided, a flag resolved, a
 * delivery retried). Ids are stable per (kind, project) so a client can remember what it has
 * seen. Service-wide conditions (background jobs) have `project_id` null. One statement per
 * condition, each over an index that starts with project_id.
 */
export async function listNotifications(opts: { accountId: string; projectId?: string }): Promise<{ notifications: TNotification[] }> {
  const projects = opts.projectId
    ? [await findOwnedProject({ accountId: opts.accountId, projectId: opts.projectId })]
    : await db().project.findMany({ where: { ownerAccountId: opts.accountId }, select: { id: true, name: true } });
  const ids = projects.map((p) => p.id);
  const name = new Map(projects.map((p) => [p.id, p.name]));
  const out: TNotification[] = [];
  const at = now();
  const push = (kind: TNotificationKind, severity: TSeverity, r: TAgg, title: string, body: string, section: string) =>
    out.push({ id: `${kind}:${r.project_id}`, kind, severity, project_id: r.project_id, title, body: `${name.get(r.project_id)}: ${body}`, href: `/projects/${r.project_id}/${section}`, count: Number(r.n), created_at: r.at.toISOString() });

  if (ids.length) {
    const q = (sql: string, values: unknown[] = []) => pool().query<TAgg>(sql, [ids, ...values]).then((r) => r.rows);
    const [dead, retrying, review, held, flags, wheelTotal, wheelDaily] = await Promise.all([
      q(`SELECT project_id, count(*) AS n, max(updated_at) AS at FROM webhook_delivery WHERE project_id = ANY($1::uuid[]) AND status = 'dead' AND updated_at > $2 GROUP BY project_id`, [new Date(at.getTime() - DEAD_WINDOW_MS)]),
      q(`SELECT project_id, count(*) AS n, max(updated_at) AS at FROM webhook_delivery WHERE project_id = ANY($1::uuid[]) AND status = 'queued' AND attempts > 0 GROUP BY project_id`),
      q(`SELECT project_id, count(*) AS n, max(created_at) AS at FROM reward_claim WHERE project_id = ANY($1::uuid[]) AND status = 'review' GROUP BY project_id`),
      q(`SELECT project_id, count(*) AS n, max(created_at) AS at FROM reward_claim WHERE project_id = ANY($1::uuid[]) AND status = 'held' GROUP BY project_id`),
      q(`SELECT project_id, count(*) AS n, max(created_at) AS at FROM fraud_flag WHERE project_id = ANY($1::uuid[]) AND resolved_at IS NULL GROUP BY project_id`),
      q(`SELECT w.project_id, count(*) AS n, max(w.updated_at) AS at, string_agg(w.wheel_id, ', ' ORDER BY w.wheel_id) AS extra
           FROM wheel w JOIN wheel_version v ON v.project_id = w.project_id AND v.wheel_id = w.wheel_id AND v.version = w.published_version
          WHERE w.project_id = ANY($1::uuid[]) AND w.published_version > 0 AND w.spent_total_minor >= (v.config->>'budget_total_minor')::bigint
          GROUP BY w.project_id`),
      q(`SELECT w.project_id, count(*) AS n, $2::timestamptz AS at, string_agg(w.wheel_id, ', ' ORDER BY w.wheel_id) AS extra
           FROM wheel w JOIN wheel_version v ON v.project_id = w.project_id AND v.wheel_id = w.wheel_id AND v.version = w.published_version
           CROSS JOIN LATERAL (SELECT COALESCE((SELECT s.timezone FROM wheel_settings s WHERE s.project_id = w.project_id), 'UTC') AS tz) z
           JOIN wheel_day d ON d.project_id = w.project_id AND d.wheel_id = w.wheel_id AND d.day = ($2::timestamptz AT TIME ZONE z.tz)::date
          WHERE w.project_id = ANY($1::uuid[]) AND w.published_version > 0 AND d.spent_minor >= (v.config->>'budget_daily_minor')::bigint
            AND w.spent_total_minor < (v.config->>'budget_total_minor')::bigint
          GROUP BY w.project_id`, [at]),
    ]);
    for (const r of dead) push("webhooks_dead", "critical", r, "Webhook deliveries failed", `${plural(Number(r.n), "reward webhook")} gave up after every retry in the last 7 days; fix the endpoint and retry them.`, "webhooks");
    for (const r of retrying) push("webhooks_retrying", "warning", r, "Webhook deliveries are retrying", `${plural(Number(r.n), "reward webhook")} failed and will be retried.`, "webhooks");
    for (const r of review) push("claims_review", "warning", r, "Claims wait for your review", `${plural(Number(r.n), "reward claim")} ${Number(r.n) === 1 ? "needs" : "need"} a release or reject decision.`, "claims");
    for (const r of held) push("claims_held", "info", r, "Claims on hold", `${plural(Number(r.n), "reward claim")} held by the fraud gate until their hold ends.`, "claims");
    for (const r of flags) push("fraud_flags_open", "warning", r, "Open fraud flags", `${plural(Number(r.n), "fraud flag")} not resolved yet.`, "fraud");
    for (const r of wheelTotal) push("wheel_budget_exhausted", "critical", r, "Wheel budget used up", `the total prize budget of the ${r.extra} wheel is spent: every spin lands on a no-prize segment.`, "wheel");
    for (const r of wheelDaily) push("wheel_daily_budget_exhausted", "info", r, "Today's wheel budget used up", `today's prize budget of the ${r.extra} wheel is spent; it resets at midnight in the wheel's time zone.`, "wheel");
  }
  const unhealthy = (await listJobHealth()).filter((j) => j.status === "failing" || j.status === "late");
  if (unhealthy.length) {
    const latest = unhealthy.map((j) => j.last_failed_at ?? j.last_succeeded_at ?? at.toISOString()).sort().pop()!;
    out.push({
      id: "jobs_unhealthy:service",
      kind: "jobs_unhealthy",
      severity: "warning",
      project_id: null,
      title: "Background jobs are unhealthy",
      body: `${unhealthy.map((j) => `${j.name} (${j.status})`).join(", ")}: webhooks, holds or expiries may be delayed.`,
      href: "/projects",
      count: unhealthy.length,
      created_at: latest,
    });
  }
  out.sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || b.created_at.localeCompare(a.created_at));
  return { notifications: out };
}
