import { createHmac } from "node:crypto";
import { derivedKey, safeEqual } from "@/server/lib/crypto";
import { secureCookies } from "../credentials";

/**
 * The link intent: a console session that passed two-factor asks to link the provider's identity
 * (POST /v1/admin/sso/link), and this cookie carries that session through the provider's sign-in
 * to /api/sso/complete, where the admin cookie is not sent (its paths are /v1/admin and /api/trpc).
 * Signed (purpose "admin-sso-link"), ten minutes, HttpOnly; SameSite=Lax so the provider's redirect
 * back (a top-level GET from another site) carries it. The session is checked again, live, when
 * the link completes: the cookie only says which session asked.
 */
export const LINK_COOKIE = "playloop_sso_link";
const LINK_COOKIE_PATH = "/api/sso";
const LIFETIME_S = 600;

function sign(body: string): string {
  return createHmac("sha256", derivedKey("admin-sso-link")).update(body).digest("base64url");
}

function attrs(maxAge: number): string {
  const secure = secureCookies() ? "; Secure" : "";
  return `Path=${LINK_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function linkIntentCookie(opts: { sessionId: string; accountId: string; nowMs: number }): string {
  const body = `${opts.sessionId}.${opts.accountId}.${Math.floor(opts.nowMs / 1000) + LIFETIME_S}`;
  return `${LINK_COOKIE}=${body}.${sign(body)}; ${attrs(LIFETIME_S)}`;
}

export function clearLinkIntentCookie(): string {
  return `${LINK_COOKIE}=; ${attrs(0)}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** The session that asked, or null: no cookie, a bad signature, or past its ten minutes. */
export function readLinkIntent(value: string | undefined, nowMs: number): { sessionId: string; accountId: string } | null {
  if (!value) return null;
  const parts = value.split(".");
  if (parts.length !== 4) return null;
  const [sessionId, accountId, exp, mac] = parts as [string, string, string, string];
  if (!safeEqual(sign(`${sessionId}.${accountId}.${exp}`), mac)) return null;
  if (!/^\d+$/.test(exp) || Number(exp) * 1000 <= nowMs) return null;
  return { sessionId, accountId };
}
