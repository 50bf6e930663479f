import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { appRouter } from "@/server/routers/_app";
import { consoleRouter } from "@/server/routers/console";
import { logger, requestLogger } from "@/server/logging/logger";
import { createApiHandler } from "./api-handler";
import { CONSOLE_PREFIX, createConsoleHandler } from "./console-handler";
import { applyCors } from "./cors";
import { PATH_PARAM_RULES } from "./path-param-rules";
import { isStaticPath, serveStatic } from "./static/routes";
import { handleDocs } from "./docs";
import { requestIdFrom } from "./request-id";
import { sendJson, errorBody } from "./errors";

export type TNextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The web process's request listener. /v1 JSON routes go straight to the façade (no Next.js in
 * the hot path); /docs and the console's internal tRPC (/api/trpc) are served here too; the rest
 * (console pages, play shell, non-JSON /v1 route handlers in app/) goes to Next.js.
 */
export function createRequestListener(opts: { next?: TNextHandler } = {}) {
  const nextHandler = opts.next;
  const api = createApiHandler({ router: appRouter, fallthrough: nextHandler, pathParamRules: PATH_PARAM_RULES });
  const consoleApi = createConsoleHandler({ router: consoleRouter });
  return async function listener(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = process.hrtime.bigint();
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    res.setHeader("X-Request-Id", requestId);
    req.headers["x-request-id"] = requestId;
    const url = req.url ?? "/";
    const pathname = url.split("?", 1)[0]!;
    res.once("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      requestLogger().info(
        { request_id: requestId, method: req.method, path: pathname, status: res.statusCode, duration_ms: Math.round(ms * 100) / 100 },
        "request",
      );
    });
    try {
      if (isStaticPath(pathname) && (await serveStatic(req, res, new URL(url, "http://local")))) {
        // served: loader, shell, assets, demo page
      } else if (pathname.startsWith("/v1/") || pathname === "/v1") {
        if (applyCors(req, res, pathname)) return;
        await api(req, res, requestId);
      } else if (pathname.startsWith(CONSOLE_PREFIX)) {
        await consoleApi(req, res, requestId);
      } else if (pathname === "/docs" || pathname.startsWith("/docs/")) {
        if (!(await handleDocs(pathname, res))) sendJson(res, 404, errorBody("not_found", "Not found", requestId));
      } else if (nextHandler) {
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

export function createServer(opts: { next?: TNextHandler } = {}) {
  const server = http.createServer(createRequestListener(opts));
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
