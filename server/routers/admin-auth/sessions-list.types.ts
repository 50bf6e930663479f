import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";

export const sessionsListMeta: TMeta = {
  auth: "admin",
  openapi: {
    method: "GET",
    path: "/v1/admin/auth/sessions",
    tags: ["Admin: account"],
    summary: "My active sessions",
    description:
      "Only the caller's own active (unrevoked, unexpired) sessions, ordered by id ascending. `next_cursor` is the id of the last row of the page (null on the last page); pass it as `cursor`. To see newly created sessions, read again from the beginning. No tokens, hashes or IP addresses are returned.",
  },
};
export const ZSessionsListRequestSchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().uuid().optional(),
});
export const ZSessionsListResponseSchema = z.object({
  sessions: z.array(z.object({ id: z.string().uuid(), created_at: z.string(), expires_at: z.string(), current: z.boolean() })),
  next_cursor: z.string().uuid().nullable(),
});
