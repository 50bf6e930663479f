import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";

export const meMeta: TMeta = {
  auth: "admin_bootstrap",
  openapi: {
    method: "GET",
    path: "/v1/admin/me",
    tags: ["Admin: account"],
    summary: "The signed-in admin",
    description: "Works before two-factor verification (it tells the console what to do next). A correctly signed token without an active registry record is refused.",
  },
};
export const ZMeRequestSchema = z.object({}).optional();
export const ZMeResponseSchema = z.object({
  account_id: z.string().uuid(),
  email: z.string(),
  session_id: z.string().uuid(),
  session_expires_at: z.string(),
  two_factor: z.object({ enabled: z.boolean(), session_verified: z.boolean() }),
});
