import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { ZEmail } from "../_shared/schemas";

export const loginMeta: TMeta = {
  auth: "none",
  errors: ["invalid_credentials", "rate_limited", "service_unavailable"],
  openapi: {
    method: "POST",
    path: "/v1/admin/auth/login",
    tags: ["Admin: account"],
    summary: "Log in",
    description:
      "Returns an admin JWT (`token`) backed by the server-side session registry; it also sets the HttpOnly `legacy_admin_session` cookie. " +
      "The session must pass two-factor (`/v1/admin/two-factor/challenge`, or enroll + confirm for a new account) before any admin route other than me, logout and two-factor works. " +
      "Limited per email and per network address before any credential work; the limiter fails closed (503).",
    protect: false,
  },
};
export const ZLoginRequestSchema = z.object({ email: ZEmail, password: z.string().min(1).max(4096) });
export const ZLoginResponseSchema = z.object({
  token: z.string().describe("Admin JWT; send as `Authorization: Bearer`"),
  account_id: z.string().uuid(),
  expires_at: z.string(),
  two_factor_enabled: z.boolean().describe("false: enroll next; true: answer the challenge next"),
});
