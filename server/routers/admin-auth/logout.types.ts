import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";

export const logoutMeta: TMeta = {
  auth: "admin_bootstrap",
  errors: ["origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/auth/logout",
    tags: ["Admin: account"],
    summary: "Log out",
    description: "Revokes the server-side session record, then clears the cookie on both of its paths (/v1/admin and /api/trpc). Answers `{ok: true}`.",
  },
};
export const ZLogoutRequestSchema = z.object({}).optional();
export const ZLogoutResponseSchema = z.object({ ok: z.literal(true) });
