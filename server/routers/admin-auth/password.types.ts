import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";

export const passwordMeta: TMeta = {
  limits: [{ policies: ["adminPasswordChange"], when: "first" }],
  auth: "admin",
  errors: ["invalid_credentials", "rate_limited", "service_unavailable", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/auth/password",
    tags: ["Admin: account"],
    summary: "Change my password",
    description:
      "New password: 8-1024 bytes. 10 attempts per 15 minutes per account, counted before any credential work (then 429). In one transaction the hash changes and every session of the account, the current one included, is revoked; cookies are cleared and a new login is required (`reauthenticate: true`). A storage error answers 503 and changes nothing.",
  },
};
export const ZPasswordRequestSchema = z.object({
  current_password: z.string().min(1).max(4096),
  new_password: z.string().max(4096).refine((v) => {
    const n = Buffer.byteLength(v, "utf8");
    return n >= 8 && n <= 1024;
  }, "must be 8-1024 bytes"),
});
export const ZPasswordResponseSchema = z.object({ status: z.literal("changed"), reauthenticate: z.literal(true) });
