import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createOpenApiNodeHttpHandler, forEachOpenApiProcedure, getPathRegExp, normalizePath } from "trpc-to-openapi";
import type { AnyRouter } from "@trpc/server";
import { AppError } from "@/server/errors/app-error";
import { logger } from "@/server/logging/logger";
import { createContextFromNode, type TContext } from "@/server/trpc/context";
import type { TErrorData } from "@/server/trpc/init";
import { parseJsonBody, readBody } from "./body";
import { errorBody, sendAppError, sendJson } from "./errors";

type TNodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/**
 * The /v1 REST façade: one catch-all handler in front of trpc-to-openapi. It owns the transport
 * half of the error contract (413 before parsing, 415, 400, JSON 404) and rewrites every error
 * into the one wire shape `{ code, message, request_id, … }` with the status from the code table.
 */
export function createApiHandler(opts: { router: AnyRouter; fallthrough?: TNodeHandler }) {
  const routes = routeTable(opts.router);
  const contexts = new WeakMap<IncomingMessage, TContext>();
  const trpcHandler = createOpenApiNodeHttpHandler({
    router: opts.router,
    maxBodySize: undefined,
    createContext: ({ req }: { req: IncomingMessage }) => contexts.get(req)!,
    onError: ({ error, path }: { error: { code: string; cause?: unknown; message: string }; path?: string }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") {
        logger().error({ err: error.cause ?? error, procedure: path }, "procedure failed");
      }
    },
  } as Parameters<typeof createOpenApiNodeHttpHandler>[0]);

  return async function handleApi(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const method = req.method ?? "GET";
    const pathname = (req.url ?? "/").split("?", 1)[0]!;
    if (!routes.has(method, pathname)) {
      if (opts.fallthrough) return opts.fallthrough(req, res);
      return sendJson(res, 404, errorBody("not_found", `No route ${method} ${pathname}`, requestId));
    }
    const ctx = createContextFromNode(req, requestId);
    try {
      if (method === "POST" || method === "PUT" || method === "PATCH") {
        const raw = await readBody(req);
        ctx.bodyBytes = raw.length;
        (req as IncomingMessage & { body?: unknown }).body = parseJsonBody(req.headers["content-type"], raw);
        // A bodyless POST (logout, enroll) needs no Content-Type; the adapter insists on one.
        req.headers["content-type"] ??= "application/json";
      } else {
        // trpc-to-openapi reads GET/DELETE input from the query; a DELETE body is ignored.
        req.resume();
      }
    } catch (e) {
      if (e instanceof AppError) return sendAppError(res, e, requestId, ctx.responseHeaders);
      throw e;
    }
    contexts.set(req, ctx);
    const captured = new CapturedResponse();
    await trpcHandler(req, captured as unknown as ServerResponse);
    if (captured.statusCode < 400) {
      return sendRaw(res, captured.statusCode, captured.body, ctx.responseHeaders);
    }
    const parsed = JSON.parse(captured.body) as { message?: string; data?: TErrorData };
    const data = parsed.data;
    if (!data) {
      return sendJson(res, 500, errorBody("internal_error", "Unexpected server error", requestId), ctx.responseHeaders);
    }
    sendJson(
      res,
      data.httpStatus,
      errorBody(data.appCode, parsed.message ?? data.appCode, requestId, { details: data.details, issues: data.issues }),
      [...ctx.responseHeaders, ...Object.entries(data.headers ?? {})],
    );
  };
}

function sendRaw(res: ServerResponse, status: number, body: string, headers: Array<[string, string]>) {
  res.statusCode = status;
  for (const [k, v] of headers) res.appendHeader(k, v);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

/** Stands in for ServerResponse so the façade can rewrite the adapter's output before sending. */
class CapturedResponse extends EventEmitter {
  statusCode = 200;
  body = "";
  writableEnded = false;
  headersSent = false;
  setHeader() {
    return this;
  }
  getHeader() {
    return undefined;
  }
  end(chunk?: string) {
    this.body = chunk ?? "";
    this.writableEnded = true;
    return this;
  }
}

/** Method + path → does a JSON procedure answer here? Same matching rules as trpc-to-openapi. */
function routeTable(router: AnyRouter) {
  const table = new Map<string, RegExp[]>();
  forEachOpenApiProcedure(router._def.procedures, ({ meta }) => {
    const list = table.get(meta.openapi.method) ?? [];
    list.push(getPathRegExp(normalizePath(meta.openapi.path)));
    table.set(meta.openapi.method, list);
  });
  return {
    has(method: string, pathname: string) {
      const path = normalizePath(pathname);
      return (table.get(method) ?? []).some((re) => re.test(path));
    },
  };
}
