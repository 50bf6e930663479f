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
      "Only the caller's own active (unrevoked, unexpired) sessions, ordered by id ascending. `next_cursor` is the id of the last row of the page (null on the last page); pass it as `cursor`. To see newly created sessions, read again from the beginning. Each session says what it is in words a person recognises: `device` (browser and system read from the user agent it signed in with, e.g. \"Chrome on macOS\"), `same_network` (whether it signed in from the network this request comes from — the same /24 of an IPv4 address or /48 of an IPv6 one; only that network is stored, never the full address) and `last_used_at` (advanced at most once a minute). No tokens, hashes or IP addresses are returned, not even a network's prefix.",
  },
};
export const ZSessionsListRequestSchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().uuid().optional(),
});
export const ZSessionsListResponseSchema = z.object({
  sessions: z.array(
    z.object({
      id: z.string().uuid(),
      created_at: z.string(),
      expires_at: z.string(),
      current: z.boolean(),
      device: z.string().describe("Browser and system, e.g. \"Chrome on macOS\"; \"Unknown device\" when the user agent says nothing useful"),
      same_network: z
        .boolean()
        .nullable()
        .describe("Whether the session signed in from the network this request comes from (the same IPv4 /24 or IPv6 /48); null when either is unknown. No address is returned, not even a network's prefix"),
      last_used_at: z.string().describe("When the session last made a request (to the minute)"),
    }),
  ),
  next_cursor: z.string().uuid().nullable(),
});
