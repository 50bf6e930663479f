import http from "node:http";
import { randomUUID } from "node:crypto";
import { config } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { METRICS_PATH, serveMetrics } from "@/server/metrics/scrape";

/**
 * The worker's own /health and /ready (on WORKER_PORT, internal; not part of the public API):
 * healthy while the process answers; ready once it runs its jobs and lanes (`isReady`) and the
 * database answers. /metrics (Prometheus) for `Authorization: Bearer <METRICS_TOKEN>` only.
 */
export function workerHealthServer(workerId: string, isReady: () => boolean): http.Server {
  return http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.url === "/health") return send(200, { status: "ok", worker_id: workerId });
    if (req.url === METRICS_PATH) return serveMetrics(req, res, config().metricsToken, randomUUID());
    if (req.url === "/ready") {
      if (!isReady()) return send(503, { status: "not_ready", checks: { database: "starting", scheduler: "starting" } });
      const db = await pool().query("SELECT 1").then(() => "ok", () => "failed");
      const ok = db === "ok";
      return send(ok ? 200 : 503, { status: ok ? "ready" : "not_ready", checks: { database: db, scheduler: "ok" } });
    }
    send(404, { code: "not_found" });
  });
}
