import type { IncomingMessage, ServerResponse } from "node:http";
import type { AnyRouter } from "@trpc/server";
import { nodeHTTPRequestHandler } from "@trpc/server/adapters/node-http";
import { isAllowedAdminOrigin } from "@/server/auth/credentials";
import { createContextFromNode } from "@/server/trpc/context";
import { errorBody, sendJson } from "./errors";

/** Console inputs are small forms; a batch is what one screen asks for at once. */
export const CONSOLE_MAX_BODY_BYTES = 65_536;
export const CONSOLE_MAX_BATCH = 10;
export const CONSOLE_PREFIX = "/api/trpc/";

/**
 * The console's internal endpoint (/api/trpc): the tRPC wire format over the console router,
 * small bodies and batches, and every write from an allowed admin Origin (the console is
 * same-origin, so it always sends one). A factory so tests can mount a router of their own.
 */
export function createConsoleHandler(opts: { router: AnyRouter }) {
  return async function handleConsole(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    if (req.method !== "GET" && !isAllowedAdminOrigin(typeof req.headers.origin === "string" ? req.headers.origin : null)) {
      req.resume();
      return sendJson(res, 403, errorBody("origin_not_allowed", "Writes on the console endpoint need an allowed Origin header", requestId));
    }
    const pathname = (req.url ?? "/").split("?", 1)[0]!;
    const ctx = createContextFromNode(req, requestId);
    ctx.bodyBytes = Number(req.headers["content-length"] ?? 0) || 0;
    await nodeHTTPRequestHandler({
      req,
      res,
      path: pathname.slice(CONSOLE_PREFIX.length),
      router: opts.router,
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
  };
}
