import type { IncomingMessage, ServerResponse } from "node:http";
import { config } from "@/server/config/env";

/**
 * CORS by plane. Admin routes allow credentials only for the configured admin origins. Widget
 * session/config/exposure and the demo token are called from customer pages on any origin
 * without credentials (the origin rules are enforced by the routes themselves). Everything else
 * is same-origin (play shell) or server-to-server and gets no CORS headers.
 */
const PUBLIC_CROSS_ORIGIN = /^\/v1\/(widget\/(session|config|exposure)|demo\/token)$/;

/** Adds CORS headers; answers a preflight and returns true when it did. */
export function applyCors(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
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
  } else if (PUBLIC_CROSS_ORIGIN.test(pathname)) {
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
