import { randomUUID } from "node:crypto";
import { configOrExit } from "@/server/config/env";
import { logger } from "@/server/logging/logger";
import { listenOrExit } from "@/server/lib/listen";
import { onShutdown } from "@/server/lib/shutdown";
import { setupServices } from "@/server/services/setup";
import { workerHealthServer } from "@/server/jobs/health-server";
import { startWork } from "@/server/jobs/start-work";

/**
 * The worker sidecar (`npm run worker`): wires what server/jobs/ holds — its /health and /ready on
 * WORKER_PORT (health-server.ts), the services, then every pg-boss job and outbox lane of the
 * registry (registry.ts, started by start-work.ts) — and stops them on shutdown. Several workers may run at once: pg-boss hands each job
 * to exactly one of them, and each webhook delivery is leased by exactly one of them.
 */
async function main() {
  process.env.PLAYLOOP_PROCESS ??= "worker";
  const c = configOrExit();
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
  const stopWork = await startWork(boss, { workerId, gatherMs: c.webhookWakeGatherMs, pollMs: c.webhookPollMs, quiet: () => stopping });
  ready = true;

  onShutdown(
    "worker",
    async () => {
      stopping = true;
      ready = false;
      await stopWork();
      health.close();
    },
    // The lanes finish their batch (requests up to WEBHOOK_TIMEOUT_SECONDS, then the result) and
    // pg-boss its active jobs (10 s): a fixed 15 s exited mid-batch with a long webhook timeout,
    // after the requests went out and before they were recorded, so the batch went out again.
    { forceAfterMs: c.webhookTimeoutMs + 20_000 },
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
