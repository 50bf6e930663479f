import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";

const common = "Enroll, confirm, challenge and recovery share one rate-limit bucket per account; if the limiter's store fails the answer is 503, never a pass.";
const tags = ["Admin: two-factor"];

export const statusMeta: TMeta = {
  auth: "admin_bootstrap",
  openapi: { method: "GET", path: "/v1/admin/two-factor/status", tags, summary: "Two-factor status", description: "Whether TOTP is enabled for the account and whether this session has passed it." },
};
export const enrollMeta: TMeta = {
  limits: [{ policies: ["adminTwoFactor"], when: "first" }],
  auth: "admin_bootstrap",
  errors: ["conflict", "rate_limited", "service_unavailable", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/two-factor/enroll",
    tags,
    summary: "Begin TOTP enrollment",
    description: `Returns the base32 \`secret\` and an \`otpauth://\` URI for an authenticator app (render it as a QR code). While enrollment is pending (not yet confirmed) the same secret is answered again — a reloaded setup page keeps showing the key an authenticator may already hold — until \`restart: true\` replaces it on purpose; refused (409) once 2FA is enabled. The secret is stored encrypted. ${common}`,
  },
};
export const confirmMeta: TMeta = {
  limits: [{ policies: ["adminTwoFactor"], when: "first" }],
  auth: "admin_bootstrap",
  errors: ["invalid_code", "conflict", "rate_limited", "service_unavailable", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/two-factor/confirm",
    tags,
    summary: "Confirm enrollment with a first code",
    description: `Enables TOTP, marks this session verified and returns 10 one-time \`recovery_codes\` — shown only here, stored hashed. Each TOTP time step is usable once. ${common}`,
  },
};
export const challengeMeta: TMeta = {
  limits: [{ policies: ["adminTwoFactor"], when: "first" }],
  auth: "admin_bootstrap",
  errors: ["invalid_code", "two_factor_locked", "conflict", "rate_limited", "service_unavailable", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/two-factor/challenge",
    tags,
    summary: "Pass two-factor with a TOTP or recovery code",
    description: `A 6-digit TOTP code (each time step usable once: the last used step is stored and only advances, so a code cannot be replayed within its ~90 s window) or a recovery code (spent on use). Progressive lockout per account: every 5 consecutive wrong TOTP codes lock TOTP for 1 min, then 5 min, 15 min, 1 h, 6 h and 24 h (429 \`two_factor_locked\` with \`locked_until\` and \`Retry-After\`); a correct code resets the count, and a recovery code is accepted during a lockout and clears it. ${common}`,
  },
};
export const recoveryMeta: TMeta = {
  limits: [{ policies: ["adminTwoFactor"], when: "first" }],
  auth: "admin_bootstrap",
  errors: ["invalid_code", "conflict", "rate_limited", "service_unavailable", "origin_not_allowed"],
  openapi: { method: "POST", path: "/v1/admin/two-factor/recovery", tags, summary: "Pass two-factor with a recovery code", description: `Spends one recovery code. ${common}` },
};

export const ZEmptyRequestSchema = z.object({}).optional();
export const ZEnrollRequestSchema = z
  .object({ restart: z.boolean().optional().describe("true: replace a pending (unconfirmed) secret with a new one; otherwise the pending secret is answered again") })
  .strict()
  .optional();
export const ZCodeRequestSchema = z.object({ code: z.string().trim().min(6).max(64) });
export const ZStatusResponseSchema = z.object({
  enabled: z.boolean(),
  pending_enrollment: z.boolean(),
  session_verified: z.boolean(),
  recovery_codes_remaining: z.number().int(),
});
export const ZEnrollResponseSchema = z.object({
  secret: z.string().describe("Base32 TOTP secret"),
  otpauth_uri: z.string().describe("otpauth://totp/... for a QR code"),
  issuer: z.string(),
  digits: z.number().int(),
  period: z.number().int(),
});
export const ZConfirmResponseSchema = z.object({
  enabled: z.literal(true),
  session_verified: z.literal(true),
  recovery_codes: z.array(z.string()).describe("Shown once"),
});
export const ZChallengeResponseSchema = z.object({
  session_verified: z.literal(true),
  method: z.enum(["totp", "recovery_code"]),
  recovery_codes_remaining: z.number().int().optional(),
});

const fresh =
  "Needs a verified session AND a fresh 6-digit code from the current authenticator app (a recovery code is not accepted, and the session's earlier verification does not count). A wrong code is 401 `invalid_code`, counts toward the same progressive lockout as the challenge (429 `two_factor_locked`) and changes nothing.";
export const regenerateCodesMeta: TMeta = {
  limits: [{ policies: ["adminTwoFactor"], when: "first" }],
  auth: "admin",
  errors: ["invalid_code", "two_factor_locked", "conflict", "rate_limited", "service_unavailable", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/two-factor/recovery-codes",
    tags,
    summary: "Regenerate recovery codes",
    description: `Replaces all recovery codes, used or not, with 10 new ones (format \`xxxxx-xxxxx-xxxxx-xxxxx\`, lowercase hex), returned only here and stored hashed; the old ones stop working at once. ${fresh} ${common}`,
  },
};
export const resetMeta: TMeta = {
  limits: [{ policies: ["adminTwoFactor"], when: "first" }],
  auth: "admin",
  errors: ["invalid_code", "two_factor_locked", "conflict", "rate_limited", "service_unavailable", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/two-factor/reset",
    tags,
    summary: "Reset two-factor (set up a new authenticator)",
    description: `Removes the TOTP secret and every recovery code, signs out all other sessions of the account and marks this session unverified: two-factor stays mandatory, so the next step is \`POST /v1/admin/two-factor/enroll\` with a new authenticator (console routes answer 403 \`two_factor_required\` until then). ${fresh} ${common}`,
  },
};
export const ZTotpCodeRequestSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app").describe("6-digit TOTP code from the current authenticator") });
export const ZRegenerateCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()).describe("10 new codes, shown once") });
export const ZResetResponseSchema = z.object({
  enabled: z.literal(false),
  other_sessions_signed_out: z.number().int().describe("How many other sessions of the account were signed out"),
});
