import { config } from "@/server/config/env";
import type { TAuthRequest } from "./request";

export const ADMIN_COOKIE = "legacy_admin_session";
/** The admin cookie lives on two paths: the REST admin API and the console's internal tRPC. */
const ADMIN_COOKIE_PATHS = ["/v1/admin", "/api/trpc"] as const;

const BEARER = /^Bearer\s+(\S+)\s*$/i;
/** The common spelling: `Bearer `, one space, then printable ASCII without a space to the end (a subset of what BEARER takes, with the same token). */
const PLAIN_BEARER = /^Bearer [!-~]+$/;

/**
 * The token of `Authorization: Bearer <token>`, as BEARER reads it (any case, any whitespace
 * around the token). The common spelling is recognised by PLAIN_BEARER, a pattern without a capture,
 * case folding or Unicode classes, at about half the cost (BEARER was ~4.6 k instructions a
 * request on a player's ~300-character token, `npm run bench:instructions`, 2026-12-04; a loop over
 * the characters in JavaScript cost more than either). Any other header goes to BEARER, so both
 * ways give the same answer (credentials.test.ts compares them).
 */
export function bearerToken(req: Pick<TAuthRequest, "header">): string | null {
  const h = req.header("authorization");
  if (!h) return null;
  if (PLAIN_BEARER.test(h)) return h.slice(7);
  const m = BEARER.exec(h);
  return m ? m[1]! : null;
}

export function isWrite(method: string): boolean {
  return method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
}

export function isAllowedAdminOrigin(origin: string | null): boolean {
  return origin !== null && config().adminOrigins.includes(origin);
}

/** Whether the service's cookies are marked Secure: when its public base URL is https. */
export function secureCookies(): boolean {
  return config().publicBaseUrl.startsWith("https:");
}

function cookieAttrs(path: string, maxAge: number): string {
  const secure = secureCookies() ? "; Secure" : "";
  return `Path=${path}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}

export function setAdminCookie(req: Pick<TAuthRequest, "responseHeaders">, token: string, expiresAt: Date, nowMs: number): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - nowMs) / 1000));
  for (const path of ADMIN_COOKIE_PATHS) {
    req.responseHeaders.push(["Set-Cookie", `${ADMIN_COOKIE}=${encodeURIComponent(token)}; ${cookieAttrs(path, maxAge)}`]);
  }
}

export function clearAdminCookie(req: Pick<TAuthRequest, "responseHeaders">): void {
  for (const path of ADMIN_COOKIE_PATHS) {
    req.responseHeaders.push(["Set-Cookie", `${ADMIN_COOKIE}=; ${cookieAttrs(path, 0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`]);
  }
}
