import http from "node:http";
import { randomUUID } from "node:crypto";
import { configOrExit } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { logger } from "@/server/logging/logger";
import { listenOrExit } from "@/server/lib/listen";
import { onShutdown } from "@/server/lib/shutdown";
import { setupServices } from "@/server/services/setup";
import { HANDLERS, missingHandlers } from "./registry";
import { DELIVERY_WAKE, deliverDue, DUE_BATCH } from "@/server/domain/webhooks/deliver";
import { runJob } from "./run-job";
import { databaseUrl } from "@/server/db/url";
import { drainLanes } from "@/server/jobs/drain-lanes";
import { gatheredWakes, listenForWakes } from "@/server/jobs/wake";

/**
 * The worker sidecar (`npm run worker`): runs pg-boss against the same database and serves its
 * own /health and /ready on WORKER_PORT (internal; not part of the public API). Several workers
 * may run at once: pg-boss hands each job to exactly one of them, and each webhook delivery is
 * leased by exactly one of them.
 */
async function main() {
  process.env.PLAYLOOP_PROCESS ??= "worker";
  const c = configOrExit();
  const missing = missingHandlers();
  if (missing.length > 0) throw new Error(`jobs without a handler: ${missing.join(", ")}`);
  const workerId = randomUUID();
  let ready = false;
  let stopping = false;

  const health = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.url === "/health") return send(200, { status: "ok", worker_id: workerId });
    if (req.url === "/ready") {
      if (!ready) return send(503, { status: "not_ready", checks: { database: "starting", scheduler: "starting" } });
      const db = await pool().query("SELECT 1").then(() => "ok", () => "failed");
      const ok = ready && db === "ok";
      return send(ok ? 200 : 503, { status: ok ? "ready" : "not_ready", checks: { database: db, scheduler: ready ? "ok" : "starting" } });
    }
    send(404, { code: "not_found" });
  });
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
  // Webhook deliveries: their outbox rows are the work (deliver.ts). Two lanes lease due rows in
  // batches; a transaction that wrote a due delivery wakes them once it has committed, gathered for
  // WEBHOOK_WAKE_GATHER_MS (one lease for what a few claims wrote, not one per claim); a poll finds
  // retries as they come due, leases a crashed worker left, and anything a lost wake-up missed;
  // a listener back after a drop drains at once, as does a worker that just started.
  const deliveries = drainLanes({
    lanes: 2,
    batch: DUE_BATCH,
    drain: () => deliverDue(DUE_BATCH),
    onError: (e) => {
      if (!stopping) logger().warn({ err: { message: (e as Error)?.message, code: (e as { code?: string })?.code } }, "webhook delivery batch failed");
    },
  });
  const wakes = gatheredWakes(c.webhookWakeGatherMs, (name) => {
    if (name === DELIVERY_WAKE) deliveries.kick();
  });
  const stopListening = listenForWakes(databaseUrl(), { onWake: wakes.wake, onListening: deliveries.kick });
  // How often the worker looks for due deliveries unwoken: retries coming due, leases a crashed worker left, wake-ups lost.
  const poll = setInterval(deliveries.kick, c.webhookPollMs);
  deliveries.kick();
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
      clearInterval(poll);
      await stopListening();
      wakes.stop();
      await deliveries.stop();
      health.close();
    },
    { forceAfterMs: 15_000 },
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
