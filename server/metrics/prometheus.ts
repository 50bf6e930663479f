import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import { RequestDurations } from "./request-durations";

/**
 * What an operator scrapes (prom-client, Prometheus exposition format): one registry per process,
 * counted in process as requests and jobs happen (a label lookup and an increment — nothing per
 * request leaves the process) and read at scrape time. Gauges that describe shared state (the
 * database pool, queue depths) are filled by collectors the process registers when it starts
 * (`onScrape`), so a scrape costs a few queries and a request costs none.
 *
 * The metric names and labels are documented in docs/operations/monitoring.md; labels stay
 * low-cardinality (a route's template or procedure, a policy, an outcome — never a project, a
 * player or an id).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "playloop_" });

/** Every request's duration (request-durations.ts: prom-client's histogram format, counted at a fraction of its cost per request). */
export const httpRequestDuration = new RequestDurations(
  "playloop_http_request_duration_seconds",
  "HTTP requests by method, route (the procedure or route template) and status, from the first byte in to the last byte out",
  [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
).registerIn(registry);

export const rateLimitRefusals = new Counter({
  name: "playloop_rate_limit_refusals_total",
  help: "Requests refused by a rate limit (429), by policy",
  labelNames: ["policy"] as const,
  registers: [registry],
});

export const rewardClaims = new Counter({
  name: "playloop_reward_claims_total",
  help: "Reward claims created, by the fraud gate's decision (deliverable, held, review, rejected)",
  labelNames: ["status"] as const,
  registers: [registry],
});

export const wheelSpins = new Counter({
  name: "playloop_wheel_spins_total",
  help: "Wheel spins recorded, by result: prize (an award that cost something), free_award (tickets or resources at no cost), nothing, substituted (a prize the budget or a cap turned into nothing)",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const wheelBudgetSpent = new Counter({
  name: "playloop_wheel_budget_spent_minor_total",
  help: "What landed wheel prizes cost against the wheels' budgets, in minor currency units (summed over projects: one number per deployment that prices in one currency; per project and currency, see a wheel's stats)",
  registers: [registry],
});

export const webhookAttempts = new Counter({
  name: "playloop_webhook_attempts_total",
  help: "Webhook delivery attempts by outcome (delivered, retry, dead, superseded) and attempt number (1-7: the first and six retries)",
  labelNames: ["outcome", "attempt"] as const,
  registers: [registry],
});

export const redisErrors = new Counter({
  name: "playloop_redis_errors_total",
  help: "Errors reported by the Redis client (connection lost, command timeouts)",
  registers: [registry],
});

export const jobRuns = new Counter({
  name: "playloop_job_runs_total",
  help: "Background job runs by job and result (ok, failed)",
  labelNames: ["job", "result"] as const,
  registers: [registry],
});

export const dbReads = new Counter({
  name: "playloop_db_reads_total",
  help: "Statements of the reads that may use the read replica (analytics, event log, CSV export, billing usage), by where they ran (replica, primary) and why: replica, replica_down, replica_behind_erasure, replica_conflict; not counted without DATABASE_READ_URL",
  labelNames: ["target", "reason"] as const,
  registers: [registry],
});

/** A gauge whose value is read when Prometheus scrapes: `read` answers the labelled values. */
export function scrapeGauge<L extends string>(opts: { name: string; help: string; labelNames: readonly L[]; read: () => Promise<Array<{ labels: Record<L, string>; value: number }>> | Array<{ labels: Record<L, string>; value: number }> }) {
  return new Gauge({
    name: opts.name,
    help: opts.help,
    labelNames: opts.labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      // A dependency that is down (the database during a restart) leaves the gauge without samples
      // for this scrape: the rest of the scrape still answers, so the process does not look down.
      const samples = await Promise.resolve().then(opts.read).catch(() => []);
      for (const { labels, value } of samples) this.set(labels as never, value);
    },
  });
}
