import type { PgBoss } from "pg-boss";
import { logger } from "@/server/logging/logger";
import { HANDLERS, LANES, missingHandlers } from "./registry";
import { runJob } from "./run-job";
import { scheduleOptions } from "./define";

/**
 * Starts everything the registry holds in this worker: each pg-boss job's schedule and handler,
 * then each outbox lane; records one heartbeat at once so /v1/status has something true to report
 * before the first minute. Answers how to stop the lanes (pg-boss stops with its own shutdown).
 */
export async function startWork(boss: PgBoss, o: { workerId: string; gatherMs: number; pollMs: number; quiet: () => boolean }): Promise<() => Promise<void>> {
  const missing = missingHandlers();
  if (missing.length > 0) throw new Error(`jobs without a handler: ${missing.join(", ")}`);
  for (const h of HANDLERS) {
    if (h.job.cron) await boss.schedule(h.job.name, h.job.cron, {}, scheduleOptions(h.job));
    await boss.work(h.job.name, { pollingIntervalSeconds: 2 }, async (jobs: Array<{ id: string; data: unknown }>) => {
      for (const job of jobs) await runJob(h, job.data, o.workerId, job.id);
    });
  }
  const stops = LANES.map((l) => l.start({ gatherMs: o.gatherMs, pollMs: o.pollMs, quiet: o.quiet }));
  const heartbeat = HANDLERS.find((h) => h.job.name === "system.heartbeat");
  if (heartbeat) await runJob(heartbeat, {}, o.workerId).catch(() => {});
  logger().info({ worker_id: o.workerId, jobs: HANDLERS.map((h) => h.job.name), lanes: LANES.map((l) => l.lane.name) }, "worker ready");
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
