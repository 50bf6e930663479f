import { resolveAdminSession, type TAdminSession } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { ADMIN_COOKIE, bearerToken, isAllowedAdminOrigin, isWrite } from "./credentials";
import type { TAuthRequest } from "./request";

export type TAdminAuth = { admin: TAdminSession; via: "bearer" | "cookie" };

/**
 * The one admin authentication, for procedures and plain handlers alike. The credential is a
 * registry-backed admin JWT, as a bearer token or the `legacy_admin_session` cookie. Whenever the
 * cookie is present, a write needs an allowed Origin (anti-CSRF), even if a bearer token is sent
 * beside it. Every admin route needs a session that passed TOTP two-factor, except the bootstrap
 * ones (me, logout, the 2FA routes themselves), which pass `requireTwoFactor: false`.
 *
 * Project ownership is not checked here: every domain function that takes a project resolves it
 * through findOwnedProject (404 for a foreign project), so checking it here too would cost a
 * second query and move the 404 ahead of the route's own parameter checks.
 */
export async function authenticateAdmin(
  req: TAuthRequest,
  opts: { requireTwoFactor?: boolean; originOnEveryWrite?: boolean; cookieOnly?: boolean } = {},
): Promise<TAdminAuth> {
  const bearer = bearerToken(req);
  // Background upload/reset take the console's cookie only (spec: Authentication), never a bearer.
  if (opts.cookieOnly && bearer) throw new AppError("forbidden", "This route needs the admin cookie of a console session; a bearer token is not accepted here");
  const cookie = req.cookie(ADMIN_COOKIE);
  if (cookie && isWrite(req.method) && !isAllowedAdminOrigin(req.origin)) {
    throw new AppError("origin_not_allowed", "Cookie-authenticated writes need an allowed Origin header");
  }
  const token = bearer ?? cookie;
  if (!token) throw new AppError("unauthorized", "Admin credential required");
  const admin = await resolveAdminSession(token);
  if (!admin) throw new AppError("unauthorized", "Invalid, expired or revoked admin session; log in again");
  if ((opts.requireTwoFactor ?? true) && !admin.twoFactorVerified) {
    throw new AppError("two_factor_required", admin.twoFactorEnabled ? "Complete the two-factor challenge" : "Enroll two-factor authentication first", {
      details: { two_factor_enabled: admin.twoFactorEnabled },
    });
  }
  // Routes that change what players are offered (the prize wheel) take writes only from an
  // allowed admin origin whatever the credential, checked once the caller is known.
  if (opts.originOnEveryWrite && isWrite(req.method) && !isAllowedAdminOrigin(req.origin)) {
    throw new AppError("origin_not_allowed", "Writes to this route need an allowed Origin header, also with a bearer token");
  }
  return { admin, via: bearer ? "bearer" : "cookie" };
}
