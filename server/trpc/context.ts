import type { IncomingMessage } from "node:http";
import { config } from "@/server/config/env";
import { clientAddress } from "@/server/config/trusted-proxies";
import { parseCookies } from "@/server/lib/cookies";
import type { TAuthRequest } from "@/server/auth/request";

/**
 * What every procedure (and plain route handler) may know about its request. Credentials are not
 * resolved here: each procedure builder (server/trpc/procedures.ts) or plain route resolves
 * exactly the credential of its plane with server/auth, so a public route never pays for an auth
 * lookup.
 */
export type TContext = TAuthRequest & {
  requestId: string;
  /** The client's address (X-Forwarded-For through TRUSTED_PROXIES), resolved on first use: most routes never need it. */
  clientIp(): string;
  path: string;
  /** Size of the raw request body, for routes with limits below the global one. */
  bodyBytes: number;
};

/**
 * A header name in lower case, as Node keys `req.headers`. The names asked are a handful of
 * literals; lower-casing one is a call into the runtime (~0.6 k instructions, four or so a command:
 * `npm run bench:instructions`, 2026-12-04), so each is lower-cased once (at most LOWER_NAMES_MAX kept).
 */
const LOWER_NAMES_MAX = 256;
const lowerNames = new Map<string, string>();
export function lowerName(name: string): string {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowerNames.size < LOWER_NAMES_MAX) lowerNames.set(name, lower);
  }
  return lower;
}

/**
 * A plain object with data and methods only, no accessor: V8 builds an object literal that has a
 * getter through the runtime (~0.9 µs here, against a few ns), and every middleware that adds to
 * the context copies it again.
 */
export function createContextFromNode(req: IncomingMessage, requestId: string): TContext {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  let cookies: Map<string, string> | null = null;
  let ip: string | null = null;
  return {
    requestId,
    clientIp() {
      if (ip === null) {
        const forwarded = req.headers["x-forwarded-for"];
        ip = clientAddress(req.socket.remoteAddress ?? "", Array.isArray(forwarded) ? forwarded.join(",") : forwarded, config().trustedProxies);
      }
      return ip;
    },
    method: req.method ?? "GET",
    path: q === -1 ? url : url.slice(0, q),
    origin: typeof req.headers.origin === "string" ? req.headers.origin : null,
    header(name) {
      const v = req.headers[lowerName(name)];
      return Array.isArray(v) ? v.join(", ") : v;
    },
    cookie(name) {
      cookies ??= parseCookies(req.headers.cookie);
      return cookies.get(name);
    },
    responseHeaders: [],
    bodyBytes: 0,
  };
}
