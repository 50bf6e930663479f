import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { ZPlayerId } from "@/server/routers/_shared/schemas";

export const serverSessionTokenMeta: TMeta = {
  limits: [{ policies: ["sessionIssue"], when: "handler" }],
  auth: "server_key",
  errors: ["insufficient_scope", "forbidden", "rate_limited", "service_unavailable"],
  openapi: {
    method: "POST",
    path: "/v1/server/session-token",
    tags: ["Session issuing"],
    summary: "Issue a verified player session",
    description:
      "Needs an API key with scope `session:issue` (403 `insufficient_scope`) of the same project (403 `forbidden`). Returns a player session token (`subject_type` = `verified`) accepted only on player endpoints. `ttl_seconds` 60-86400 (default 3600). `external_user_id` is your own user id (1-128 characters, may not start with `anon_`, reserved for anonymous players, or `erased_`, reserved for the records kept after a player's erasure: 422 `validation_error`). Limited to 30 per minute and 500 per day per project and network address.",
  },
};
export const ZServerSessionTokenRequestSchema = z.object({
  project_id: z.string().uuid(),
  external_user_id: ZPlayerId,
  ttl_seconds: z.number().int().min(60).max(86400).default(3600),
});
export const ZSessionTokenResponseSchema = z.object({
  session_token: z.string(),
  expires_at: z.string(),
  subject_type: z.enum(["verified", "anonymous"]),
  external_user_id: z.string(),
});
