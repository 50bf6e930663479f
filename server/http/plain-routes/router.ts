import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticateAs } from "@/server/auth/audience";
import { AppError } from "@/server/errors/app-error";
import { createContextFromNode } from "@/server/trpc/context";
import { readBody } from "../body";
import { sendError } from "../errors";
import type { TAnyPlainRoute, TPlainRequest } from "./route";

export type TPlainMatch = { route: TAnyPlainRoute; params: Record<string, string> };

type TCompiled = { route: TAnyPlainRoute; prefix: string; test(pathname: string): Record<string, string> | null };

/** A template as a matcher: literal text exact and case-sensitive, `{name}` one raw segment. */
function compile(route: TAnyPlainRoute): TCompiled {
  const prefix = route.path.split("{", 1)[0]!;
  if (route.match === "subtree") {
    return { route, prefix, test: (p) => (p.startsWith(prefix) ? { "*": p.slice(prefix.length) } : null) };
  }
  const names: string[] = [];
  const source = route.path
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith("{") ? (names.push(part.slice(1, -1)), "([^/]+)") : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  const regex = new RegExp(`^${source}${route.trailingSlash ? "/?" : ""}$`);
  return {
    route,
    prefix,
    test(p) {
      const m = regex.exec(p);
      return m ? Object.fromEntries(names.map((n, i) => [n, m[i + 1]!])) : null;
    },
  };
}

/**
 * The router of the plain route table: matches the raw request path (no decoding, no dot-segment
 * resolution; handlers validate their segments) and the declared methods, reads a declared raw
 * body within its limit, and answers a thrown AppError in the JSON error contract with the
 * request's responseHeaders. Anything else is rethrown to the listener, which answers 400 for a
 * malformed URL and a logged 500 otherwise, exactly as for every other route.
 */
export function createPlainRouter(routes: readonly TAnyPlainRoute[]) {
  const compiled = routes.map(compile);
  const prefixes = [...new Set(compiled.map((c) => c.prefix))];
  return {
    /** Cheap on the hot path: the play and event routes share no literal prefix with the table, so they skip it after a few startsWith (admin routes under /v1/admin/projects/ also try the export route's pattern). */
    match(method: string, pathname: string): TPlainMatch | null {
      if (!prefixes.some((prefix) => pathname.startsWith(prefix))) return null;
      for (const c of compiled) {
        if (!c.route.methods.includes(method as never)) continue;
        const params = c.test(pathname);
        if (params) return { route: c.route, params };
      }
      return null;
    },

    async serve(hit: TPlainMatch, req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
      const { route, params } = hit;
      const ctx = createContextFromNode(req, requestId);
      const url = new URL(req.url ?? "/", "http://local");
      try {
        let body: Buffer | undefined;
        if (route.rawBody) {
          body = await readBody(req, route.rawBody.maxBytes);
          ctx.bodyBytes = body.length;
        }
        const r: TPlainRequest<typeof route.auth> = {
          ctx,
          url,
          params,
          body,
          authenticate: () => authenticateAs(route.auth, ctx, { queryToken: url.searchParams.get("session_token") ?? undefined }),
        };
        await (route.handler as (req: IncomingMessage, res: ServerResponse, r: TPlainRequest<typeof route.auth>) => Promise<void>)(req, res, r);
      } catch (e) {
        if (!(e instanceof AppError) || res.headersSent) throw e;
        sendError(res, e, requestId, ctx.responseHeaders);
      }
    },
  };
}

