import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { appRouter } from "@/server/routers/_app";
import { consoleRouter } from "@/server/routers/console";
import { logger, requestLogger } from "@/server/logging/logger";
import { createLoggedPath } from "./access-log";
import { createApiHandler } from "./api-handler";
import { CONSOLE_PREFIX, createConsoleHandler } from "./console-handler";
import { createCors } from "./cors";
import { createPlainRouter } from "./plain-routes/router";
import type { TAnyPlainRoute } from "./plain-routes/route";
import { PLAIN_ROUTES } from "./plain-routes/table";
import { handleDocs } from "./docs";
import { requestIdFrom } from "./request-id";
import { sendJson, errorBody } from "./errors";
import { config } from "@/server/config/env";
import { httpRequestDuration } from "@/server/metrics/prometheus";
import { routeLabel, setRouteLabel } from "@/server/metrics/route-label";
import { METRICS_PATH, serveMetrics } from "@/server/metrics/scrape";
import { isDraining } from "@/server/lib/draining";

const PROBE_PATHS = new Set(["/v1/health", "/v1/ready"]);

export type TNextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export type TListenerOptions = {
  next?: TNextHandler;
  /** The plain route table; tests add routes of their own, production uses PLAIN_ROUTES. */
  plainRoutes?: readonly TAnyPlainRoute[];
};

/**
 * The web process's request listener. The plain route table (loader, play shell, assets, admin
 * preview, demo page: the player client's files built from client/) comes first; other /v1 routes go straight to the JSON façade (no Next.js in
 * the hot path); /docs and the console's internal tRPC (/api/trpc) are served here too; the rest
 * (console pages, and unknown /v1 routes the façade falls through with) goes to Next.js.
 */
function createRequestListener(opts: TListenerOptions = {}) {
  const nextHandler = opts.next;
  const plain = createPlainRouter(opts.plainRoutes ?? PLAIN_ROUTES);
  const loggedPath = createLoggedPath(opts.plainRoutes ?? PLAIN_ROUTES);
  const api = createApiHandler({ router: appRouter, fallthrough: nextHandler });
  const consoleApi = createConsoleHandler({ router: consoleRouter });
  const applyCors = createCors(appRouter);
  return async function listener(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = process.hrtime.bigint();
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    res.setHeader("X-Request-Id", requestId);
    // a draining instance asks clients and proxies not to reuse the connection
    if (isDraining()) res.setHeader("Connection", "close");
    req.headers["x-request-id"] = requestId;
    const url = req.url ?? "/";
    const pathname = url.split("?", 1)[0]!;
    res.once("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      httpRequestDuration.observe(req.method ?? "GET", routeLabel(res) ?? "unmatched", res.statusCode, ms / 1000);
      const log = requestLogger();
      const fields = { request_id: requestId, method: req.method, path: loggedPath(pathname), status: res.statusCode, duration_ms: Math.round(ms * 100) / 100 };
      // Liveness and readiness probes (load balancers ask every few seconds) are logged at debug
      // when they succeed: at info they would drown the access log. A failing probe stays at info.
      if (res.statusCode === 200 && PROBE_PATHS.has(pathname)) log.debug(fields, "request");
      else log.info(fields, "request");
    });
    try {
      const plainHit = plain.match(req.method ?? "GET", pathname);
      if (plainHit) {
        setRouteLabel(res, plainHit.route.path);
        await plain.serve(plainHit, req, res, requestId);
      } else if (pathname === METRICS_PATH) {
        setRouteLabel(res, METRICS_PATH);
        await serveMetrics(req, res, config().metricsToken, requestId);
      } else if (pathname.startsWith("/v1/") || pathname === "/v1") {
        if (applyCors(req, res, pathname)) return;
        await api(req, res, requestId);
      } else if (pathname.startsWith(CONSOLE_PREFIX)) {
        setRouteLabel(res, CONSOLE_PREFIX);
        await consoleApi(req, res, requestId);
      } else if (pathname === "/docs" || pathname.startsWith("/docs/")) {
        setRouteLabel(res, "/docs");
        refuseFraming(res);
        if (!(await handleDocs(pathname, res))) sendJson(res, 404, errorBody("not_found", "Not found", requestId));
      } else if (nextHandler) {
        setRouteLabel(res, "console pages");
        refuseFraming(res);
        await nextHandler(req, res);
      } else {
        sendJson(res, 404, errorBody("not_found", "Not found", requestId));
      }
    } catch (e) {
      // A client's garbled URL (malformed percent-encoding) is its mistake, not ours: 400, logged at debug.
      if (e instanceof URIError) {
        logger().debug({ request_id: requestId, err: e.message }, "malformed request URL");
        if (!res.headersSent) sendJson(res, 400, errorBody("validation_error", "The URL has malformed percent-encoding", requestId));
        return;
      }
      logger().error({ err: e, request_id: requestId }, "unhandled request error");
      if (!res.headersSent) sendJson(res, 500, errorBody("internal_error", "Unexpected server error", requestId));
      else res.destroy();
    }
  };
}

/**
 * The console's pages and the API docs are never shown in another site's frame (clickjacking):
 * what may be framed — the play shell, the admin preview, the replay — is served by the plain
 * routes, each with its own `frame-ancestors`.
 */
function refuseFraming(res: ServerResponse): void {
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Content-Security-Policy", "frame-ancestors 'none'");
}

export function createServer(opts: TListenerOptions = {}) {
  const server = http.createServer(createRequestListener(opts));
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
