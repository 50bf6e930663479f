import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { ZEmail } from "../_shared/schemas";

export const loginMeta: TMeta = {
  limits: [{ policies: ["adminLoginAddress", "adminLoginEmailAddress"], when: "first" }, { policies: ["adminLoginEmail"], when: "handler" }, { policies: ["adminLoginKnownNetwork"], when: "exemption" }],
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
      "Limited per email and per network address before any credential work; the limiter fails closed (503). Per address: 50 attempts per 15 minutes (an IPv6 client counts by its /64); per email and address: 10; per email from all addresses: 100, after which a login is still tried only from a network (/24 or /48) this account has signed in from in the last 90 days, so strangers cannot lock an admin out of their usual places: an address (IPv4, IPv6 /64) the account signed in from itself passes on its own limits, other addresses of such a network share 100 per 15 minutes per email and network. Over a limit: 429 `rate_limited` with `Retry-After`.",
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
