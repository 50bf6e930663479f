import type { IncomingMessage, ServerResponse } from "node:http";
import type { AnyRouter } from "@trpc/server";
import { forEachOpenApiProcedure } from "trpc-to-openapi";
import { config } from "@/server/config/env";
import type { TMeta } from "@/server/trpc/init";

/**
 * CORS. Admin routes (the admin plane, under /v1/admin/) allow credentials only for the configured
 * admin origins. A route whose meta says `cors: "any_origin"` (the widget's session, config and
 * exposure, the demo token) is called from customer pages on any origin without credentials (the
 * origin rules are enforced by the routes themselves). Everything else is same-origin (play shell)
 * or server-to-server and gets no CORS headers.
 */
export function anyOriginPaths(router: AnyRouter): Set<string> {
  const paths = new Set<string>();
  forEachOpenApiProcedure(router._def.procedures, ({ meta }) => {
    if ((meta as TMeta).cors === "any_origin") paths.add(meta.openapi.path);
  });
  return paths;
}

/** The listener's CORS step for the routes of `router`. */
export function createCors(router: AnyRouter): (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean {
  const anyOrigin = anyOriginPaths(router);
  return (req, res, pathname) => applyCors(req, res, pathname, anyOrigin);
}

/** Adds CORS headers; answers a preflight and returns true when it did. */
function applyCors(req: IncomingMessage, res: ServerResponse, pathname: string, anyOrigin: Set<string>): boolean {
  const origin = typeof req.headers.origin === "string" ? req.headers.origin : null;
  const preflight = req.method === "OPTIONS";
  if (origin && pathname.startsWith("/v1/admin/")) {
    res.setHeader("Vary", "Origin");
    if (config().adminOrigins.includes(origin)) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Access-Control-Allow-Credentials", "true");
      if (preflight) {
        res.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE");
        res.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Request-Id");
        res.setHeader("Access-Control-Max-Age", "600");
      }
    }
  } else if (anyOrigin.has(pathname)) {
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (preflight) {
      res.setHeader("Access-Control-Allow-Methods", "GET, POST");
      res.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type");
      res.setHeader("Access-Control-Max-Age", "600");
    }
  }
  if (preflight && pathname.startsWith("/v1/")) {
    res.statusCode = 204;
    res.end();
    return true;
  }
  return false;
}
