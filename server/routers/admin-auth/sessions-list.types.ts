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
      "Only the caller's own active (unrevoked, unexpired) sessions, ordered by id ascending. `next_cursor` is the id of the last row of the page (null on the last page); pass it as `cursor`. To see newly created sessions, read again from the beginning. Each session says what it is in words a person recognises: `device` (browser and system read from the user agent it signed in with, e.g. \"Chrome on macOS\"), `network` (the /24 of the IPv4 address or the /48 of the IPv6 address it signed in from; the full address is never stored) and `last_used_at` (advanced at most once a minute). No tokens, hashes or full IP addresses are returned.",
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
      network: z.string().nullable().describe("The network signed in from: an IPv4 /24 (\"203.0.113.0/24\") or IPv6 /48; null for sessions from before it was recorded"),
      last_used_at: z.string().describe("When the session last made a request (to the minute)"),
    }),
  ),
  next_cursor: z.string().uuid().nullable(),
});
