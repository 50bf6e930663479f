import { randomUUID } from "node:crypto";
import { configOrExit } from "@/server/config/env";
import { logger } from "@/server/logging/logger";
import { listenOrExit } from "@/server/lib/listen";
import { onShutdown } from "@/server/lib/shutdown";
import { setupServices } from "@/server/services/setup";
import { HANDLERS, missingHandlers } from "@/server/jobs/registry";
import { runJob } from "@/server/jobs/run-job";
import { startDeliveryLanes } from "@/server/jobs/delivery-lanes";
import { workerHealthServer } from "@/server/jobs/health-server";

/**
 * The worker sidecar (`npm run worker`): wires what server/jobs/ holds — pg-boss jobs and their
 * handlers (registry.ts), the webhook delivery lanes (delivery-lanes.ts) and its own /health and
 * /ready on WORKER_PORT (health-server.ts). Several workers may run at once: pg-boss hands each job
 * to exactly one of them, and each webhook delivery is leased by exactly one of them.
 */
async function main() {
  process.env.PLAYLOOP_PROCESS ??= "worker";
  const c = configOrExit();
  const missing = missingHandlers();
  if (missing.length > 0) throw new Error(`jobs without a handler: ${missing.join(", ")}`);
  const workerId = randomUUID();
  let ready = false;
  let stopping = false;

  const health = workerHealthServer(workerId, () => ready);
  if (c.workerPort > 0) {
    await listenOrExit(health, { port: c.workerPort, host: "127.0.0.1", variable: "WORKER_PORT", what: "worker health endpoint" });
  }

  const { queue } = await setupServices({ role: "worker" });
  const boss = queue.boss;
  // During shutdown the database may go first (Ctrl-C reaches the embedded PostgreSQL too): not an error worth a log.
  boss.on("error", (e: unknown) => {
    if (!stopping) logger().error({ err: { message: (e as Error)?.message, code: (e as { code?: string })?.code } }, "pg-boss error");
  });
  for (const h of HANDLERS) {
    if (h.job.cron) await boss.schedule(h.job.name, h.job.cron, {}, { tz: "UTC" });
    await boss.work(h.job.name, { pollingIntervalSeconds: 2 }, async (jobs: Array<{ data: unknown }>) => {
      for (const job of jobs) await runJob(h, job.data, workerId);
    });
  }
  // Webhook deliveries: the outbox lanes (delivery-lanes.ts).
  const stopDeliveries = startDeliveryLanes({ gatherMs: c.webhookWakeGatherMs, pollMs: c.webhookPollMs, quiet: () => stopping });
  ready = true;
  // Record one heartbeat now so /v1/status has something true to report before the first minute.
  const heartbeat = HANDLERS.find((h) => h.job.name === "system.heartbeat");
  if (heartbeat) await runJob(heartbeat, {}, workerId).catch(() => {});
  logger().info({ worker_id: workerId, port: c.workerPort, jobs: HANDLERS.map((h) => h.job.name) }, "worker ready");

  onShutdown(
    "worker",
    async () => {
      stopping = true;
      ready = false;
      await stopDeliveries();
      health.close();
    },
    { forceAfterMs: 15_000 },
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
