import type { IncomingMessage, ServerResponse } from "node:http";
import { safeEqual } from "@/server/lib/crypto";
import { errorBody, sendJson } from "@/server/http/errors";
import { registry } from "./prometheus";

export const METRICS_PATH = "/metrics";

/**
 * GET /metrics on the web process's port and the worker's: never public by default. Without
 * METRICS_TOKEN it does not exist (404, as any unknown path); with it, only
 * `Authorization: Bearer <METRICS_TOKEN>` is answered (compared in constant time; anything else is
 * 401 in the API's error shape). The token never appears in a log: the access log records the
 * path only.
 */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, token: string | undefined, requestId: string): Promise<void> {
  if (!token) return sendJson(res, 404, errorBody("not_found", "Not found", requestId));
  const header = req.headers.authorization ?? "";
  const presented = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  if (!presented || !safeEqual(presented, token)) {
    res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
    return sendJson(res, 401, errorBody("unauthorized", "Metrics need Authorization: Bearer <METRICS_TOKEN>", requestId));
  }
  const body = await registry.metrics();
  res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
  res.end(body);
}
