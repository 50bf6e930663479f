import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { ZEmail } from "../_shared/schemas";

export const signupMeta: TMeta = {
  limits: [{ policies: ["adminSignupAddress", "adminSignupEmail"], when: "handler" }],
  auth: "none",
  errors: ["signup_disabled", "rate_limited", "service_unavailable"],
  openapi: {
    method: "POST",
    path: "/v1/admin/auth/signup",
    tags: ["Admin: account"],
    summary: "Create an admin account",
    description:
      "Same 200 `{account_id}` shape whether the email is new or already registered (an existing email gets a fresh, never-stored UUID and no session), so the endpoint cannot probe accounts. " +
      "A new account gets an HttpOnly `legacy_admin_session` cookie (paths /v1/admin and /api/trpc); the token is never in the body. An existing email gets a cookie of the same form that authenticates nothing. Password: 8-1024 bytes. " +
      "Self-registration is off by default in production (`ALLOW_SIGNUP`); `signup_disabled` then. Limited per email and per network address, failing closed (503).",
    protect: false,
  },
};
export const ZSignupRequestSchema = z.object({
  email: ZEmail,
  password: z.string().max(4096).refine((v) => {
    const n = Buffer.byteLength(v, "utf8");
    return n >= 8 && n <= 1024;
  }, "must be 8-1024 bytes"),
});
export const ZSignupResponseSchema = z.object({ account_id: z.string().uuid() });
