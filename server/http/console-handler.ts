import type { IncomingMessage, ServerResponse } from "node:http";
import type { AnyRouter } from "@trpc/server";
import { nodeHTTPRequestHandler } from "@trpc/server/adapters/node-http";
import { isAllowedAdminOrigin } from "@/server/auth/credentials";
import { createContextFromNode } from "@/server/trpc/context";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { ERROR_CODES } from "@/server/errors/codes";
import { errorData } from "@/server/errors/wire-error";
import { assertJsonNesting, assertStorableText, readBody } from "./body";
import { errorBody, sendJson } from "./errors";

/** Console inputs are small forms; a batch is what one screen asks for at once. */
const CONSOLE_MAX_BODY_BYTES = 65_536;
const CONSOLE_MAX_BATCH = 10;
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
    const [pathname, search] = (req.url ?? "/").split("?", 2) as [string, string | undefined];
    const ctx = createContextFromNode(req, requestId);
    ctx.bodyBytes = Number(req.headers["content-length"] ?? 0) || 0;
    // The JSON of a call (a GET's `input`, a POST's body) is read and checked here as the /v1
    // façade checks its bodies — size, nesting depth, storable text — before tRPC parses it.
    try {
      if (req.method === "GET") {
        const input = search ? new URLSearchParams(search).get("input") : null;
        if (input) assertJsonNesting(input);
      } else if (req.method === "POST") {
        const raw = await readBody(req, CONSOLE_MAX_BODY_BYTES);
        ctx.bodyBytes = raw.length;
        assertJsonNesting(raw);
        const text = raw.toString("utf8");
        if (text.includes("\\u")) {
          try {
            assertStorableText(JSON.parse(text));
          } catch (e) {
            if (!(e instanceof SyntaxError)) throw e; // malformed JSON: tRPC answers it
          }
        }
        // tRPC reads a body already read from here (node-http adapter)
        (req as IncomingMessage & { body?: unknown }).body = text;
      }
    } catch (e) {
      req.resume();
      return sendConsoleError(res, e, requestId);
    }
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

/** An error before tRPC ran, in the shape its error formatter gives the console (server/trpc/init.ts). */
function sendConsoleError(res: ServerResponse, error: unknown, requestId: string): void {
  const { message, data } = errorData(error, requestId);
  sendJson(res, data.httpStatus, { error: { message, code: TRPC_ERROR_CODES_BY_KEY[ERROR_CODES[data.appCode].trpc], data } });
}
