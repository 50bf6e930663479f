import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { nodeHTTPRequestHandler } from "@trpc/server/adapters/node-http";
import { appRouter } from "@/server/routers/_app";
import { consoleRouter } from "@/server/routers/console";
import { isAllowedAdminOrigin } from "@/server/trpc/auth/credentials";
import { logger, requestLogger } from "@/server/logging/logger";
import { createContextFromNode } from "@/server/trpc/context";
import { createApiHandler } from "./api-handler";
import { applyCors } from "./cors";
import { isStaticPath, serveStatic } from "./static/routes";
import { handleDocs } from "./docs";
import { requestIdFrom } from "./request-id";
import { sendJson, errorBody } from "./errors";

/** Console inputs are small forms; a batch is what one screen asks for at once. */
export const CONSOLE_MAX_BODY_BYTES = 65_536;
export const CONSOLE_MAX_BATCH = 10;

export type TNextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The web process's request listener. /v1 JSON routes go straight to the façade (no Next.js in
 * the hot path); /docs, the console's internal tRPC (/api/trpc) and the player client's files
 * (server/http/static) are served here too; the rest (console pages, app/) goes to Next.js.
 */
export function createRequestListener(opts: { next?: TNextHandler } = {}) {
  const nextHandler = opts.next;
  const api = createApiHandler({ router: appRouter, fallthrough: nextHandler });
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
      } else if (pathname.startsWith("/api/trpc/")) {
        // The console's internal endpoint: admin procedures only, small bodies and batches, and
        // every write from an allowed admin Origin (the console is same-origin, so it always sends one).
        if (req.method !== "GET" && !isAllowedAdminOrigin(typeof req.headers.origin === "string" ? req.headers.origin : null)) {
          req.resume();
          return sendJson(res, 403, errorBody("origin_not_allowed", "Writes on the console endpoint need an allowed Origin header", requestId));
        }
        const ctx = createContextFromNode(req, requestId);
        ctx.bodyBytes = Number(req.headers["content-length"] ?? 0) || 0;
        await nodeHTTPRequestHandler({
          req,
          res,
          path: pathname.slice("/api/trpc/".length),
          router: consoleRouter,
          createContext: () => ctx,
          maxBodySize: CONSOLE_MAX_BODY_BYTES,
          maxBatchSize: CONSOLE_MAX_BATCH,
          // Cookies and Retry-After that procedures set travel on the internal endpoint too.
          responseMeta: () => {
            const headers = new Headers();
            for (const [k, v] of ctx.responseHeaders) headers.append(k, v);
            return { headers };
          },
        });
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
