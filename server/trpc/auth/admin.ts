import { resolveAdminSession, type TAdminSession } from "@/server/domain/admin/sessions";
import { AppError } from "@/server/errors/app-error";
import { baseProcedure } from "../init";
import { ADMIN_COOKIE, bearerToken, isAllowedAdminOrigin, isWrite } from "./credentials";

/**
 * Admin plane. The credential is a registry-backed admin JWT, as a bearer token or the
 * `legacy_admin_session` cookie. Whenever the cookie is present, a write needs an allowed Origin
 * (anti-CSRF), even if a bearer token is sent beside it.
 */
const authenticatedAdmin = baseProcedure.use(async ({ ctx, next }) => {
  const bearer = bearerToken(ctx);
  const cookie = ctx.cookie(ADMIN_COOKIE);
  if (cookie && isWrite(ctx.method) && !isAllowedAdminOrigin(ctx.origin)) {
    throw new AppError("origin_not_allowed", "Cookie-authenticated writes need an allowed Origin header");
  }
  const token = bearer ?? cookie;
  if (!token) throw new AppError("unauthorized", "Admin credential required");
  const admin: TAdminSession | null = await resolveAdminSession(token);
  if (!admin) throw new AppError("unauthorized", "Invalid, expired or revoked admin session; log in again");
  return next({ ctx: { ...ctx, admin, adminVia: bearer ? ("bearer" as const) : ("cookie" as const) } });
});

/** Authenticated admin whose session has not necessarily passed 2FA: me, logout and the 2FA routes. */
export const adminBootstrapProcedure = authenticatedAdmin;

/** Authenticated admin whose session passed TOTP two-factor: every other admin route. */
export const adminProcedure = authenticatedAdmin.use(({ ctx, next }) => {
  if (!ctx.admin.twoFactorVerified) {
    throw new AppError("two_factor_required", ctx.admin.twoFactorEnabled ? "Complete the two-factor challenge" : "Enroll two-factor authentication first", {
      details: { two_factor_enabled: ctx.admin.twoFactorEnabled },
    });
  }
  return next({ ctx });
});
