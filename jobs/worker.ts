import http from "node:http";
import { randomUUID } from "node:crypto";
import { PgBoss } from "pg-boss";
import { configOrExit } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { databaseUrl } from "@/server/db/url";
import { logger } from "@/server/logging/logger";
import { listenOrExit } from "@/server/lib/listen";
import { onShutdown } from "@/server/lib/shutdown";
import { JOBS } from "./registry";
import { runJob } from "./run-job";

/**
 * The worker sidecar (`npm run worker`): runs pg-boss against the same database and serves its
 * own /health and /ready on WORKER_PORT (internal; not part of the public API). Several workers
 * may run at once: pg-boss hands each job to exactly one of them.
 */
async function main() {
  process.env.PLAYLOOP_PROCESS ??= "worker";
  const c = configOrExit();
  const workerId = randomUUID();
  const boss = new PgBoss({ connectionString: databaseUrl(), schema: "pgboss", max: 4 });
  let ready = false;
  let stopping = false;
  // During shutdown the database may go first (Ctrl-C reaches the embedded PostgreSQL too): not an error worth a log.
  boss.on("error", (e: unknown) => {
    if (!stopping) logger().error({ err: { message: (e as Error)?.message, code: (e as { code?: string })?.code } }, "pg-boss error");
  });

  const health = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.url === "/health") return send(200, { status: "ok", worker_id: workerId });
    if (req.url === "/ready") {
      const db = await pool().query("SELECT 1").then(() => "ok", () => "failed");
      const ok = ready && db === "ok";
      return send(ok ? 200 : 503, { status: ok ? "ready" : "not_ready", checks: { database: db, scheduler: ready ? "ok" : "starting" } });
    }
    send(404, { code: "not_found" });
  });
  if (c.workerPort > 0) {
    await listenOrExit(health, { port: c.workerPort, host: "127.0.0.1", variable: "WORKER_PORT", what: "worker health endpoint" });
  }

  await boss.start();
  for (const def of JOBS) {
    await boss.createQueue(def.name);
    if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: "UTC" });
    await boss.work(def.name, { pollingIntervalSeconds: 2 }, async (jobs: Array<{ data: unknown }>) => {
      for (const job of jobs) await runJob(def, job.data, workerId);
    });
  }
  ready = true;
  // Record one heartbeat now so /v1/status has something true to report before the first minute.
  const heartbeat = JOBS.find((j) => j.name === "system.heartbeat");
  if (heartbeat) await runJob(heartbeat, {}, workerId).catch(() => {});
  logger().info({ worker_id: workerId, port: c.workerPort, jobs: JOBS.map((j) => j.name) }, "worker ready");

  onShutdown(
    "worker",
    async () => {
      stopping = true;
      ready = false;
      await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => {});
      health.close();
    },
    { forceAfterMs: 15_000 },
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
