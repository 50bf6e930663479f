import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";

export const sessionRevokeMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: {
    method: "DELETE",
    path: "/v1/admin/auth/sessions/{session_id}",
    tags: ["Admin: account"],
    summary: "Revoke one of my sessions",
    description:
      "A foreign, expired or already revoked session id answers 404. Revocation and its audit record commit atomically. Revoking the current session clears the cookies; the next request needs a new login. Cookie callers need an allowed Origin.",
  },
};
export const ZSessionRevokeRequestSchema = z.object({ session_id: z.string().uuid() });
export const ZSessionRevokeResponseSchema = z.object({ revoked: z.boolean(), current: z.boolean() });
