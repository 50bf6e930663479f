import { config } from "@/server/config/env";
import type { TAuthRequest } from "./request";

export const ADMIN_COOKIE = "legacy_admin_session";
/** The admin cookie lives on two paths: the REST admin API and the console's internal tRPC. */
const ADMIN_COOKIE_PATHS = ["/v1/admin", "/api/trpc"] as const;

export function bearerToken(req: Pick<TAuthRequest, "header">): string | null {
  const h = req.header("authorization");
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
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
