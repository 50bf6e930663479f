import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { DEMO_GAMES } from "@/server/domain/workspace";

export const demoTokenMeta: TMeta = {
  cors: "any_origin",
  limits: [{ policies: ["sessionIssue"], when: "handler" }],
  auth: "none",
  errors: ["not_found", "rate_limited"],
  openapi: {
    method: "GET",
    path: "/v1/demo/token",
    tags: ["Operational"],
    summary: "Anonymous session for the demo project",
    description:
      "Exists only when demo endpoints are enabled (`DEMO_ENDPOINTS`, on by default outside production); otherwise 404. Returns an anonymous free-play `session_token` for the built-in demo project of `game`; pass the same `anonymous_id` to stay the same player.",
    protect: false,
  },
};
export const ZDemoTokenRequestSchema = z.object({
  anonymous_id: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/).optional(),
  game: z.enum(DEMO_GAMES).optional().describe("Which demo project (one per game); default match3_v1"),
});
export const ZDemoTokenResponseSchema = z.object({
  session_token: z.string(),
  project_id: z.string().uuid(),
  external_user_id: z.string(),
  expires_at: z.string(),
  subject_type: z.literal("anonymous"),
});
