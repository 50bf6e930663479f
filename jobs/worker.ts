import http from "node:http";
import { randomUUID } from "node:crypto";
import { configOrExit } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { logger } from "@/server/logging/logger";
import { listenOrExit } from "@/server/lib/listen";
import { onShutdown } from "@/server/lib/shutdown";
import { setupServices } from "@/server/services/setup";
import { HANDLERS, missingHandlers } from "./registry";
import { sweepDeliveries } from "@/server/domain/webhooks/deliver";
import { runJob } from "./run-job";
import { databaseUrl } from "@/server/db/url";
import { gatheredWakes, laneWaker, listenForWakes } from "@/server/jobs/wake";

const SWEEP_INTERVAL_MS = 5_000;

/** Runs `fn` over the items with at most `limit` in flight; rejects like Promise.all. */
async function inParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  });
  await Promise.all(lanes);
}

/**
 * The worker sidecar (`npm run worker`): runs pg-boss against the same database and serves its
 * own /health and /ready on WORKER_PORT (internal; not part of the public API). Several workers
 * may run at once: pg-boss hands each job to exactly one of them.
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
  const lanes = laneWaker((id) => boss.notifyWorker(id));
  for (const h of HANDLERS) {
    if (h.job.cron) await boss.schedule(h.job.name, h.job.cron, {}, { tz: "UTC" });
    const batch = h.job.work ?? { batchSize: 1, concurrency: 1 };
    for (let lane = 0; lane < (batch.lanes ?? 1); lane++) {
      const id = await boss.work(h.job.name, { pollingIntervalSeconds: 2, batchSize: batch.batchSize, burstWhenBatchFull: batch.batchSize > 1 }, async (jobs: Array<{ data: unknown }>) => {
        if (h.handleMany) await h.handleMany(jobs.map((j) => h.job.payload.parse(j.data)), { workerId });
        else await inParallel(jobs, batch.concurrency, (job) => runJob(h, job.data, workerId));
      });
      if (h.job.queue?.wake) lanes.add(h.job.name, id);
    }
  }
  // A job that wakes its workers (deliveries) is fetched within WEBHOOK_WAKE_GATHER_MS of its
  // transaction's commit (wake.ts: one fetch for what a few claims sent, not one per claim), by
  // one lane in turn; the poll above is the fallback.
  const wakes = gatheredWakes(c.webhookWakeGatherMs, lanes.one);
  const stopListening = listenForWakes(databaseUrl(), { onWake: wakes.wake, onListening: lanes.all });
  // Webhook deliveries a lost job left behind (a crashed worker, a queue outage) are found and
  // re-enqueued every few seconds, and once right away after a restart.
  const sweep = () => void sweepDeliveries().catch((e) => logger().warn({ err: e }, "delivery sweep failed"));
  sweep();
  const sweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
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
      clearInterval(sweeper);
      await stopListening();
      wakes.stop();
      health.close();
    },
    { forceAfterMs: 15_000 },
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
