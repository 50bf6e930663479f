import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";

export const widgetSessionMeta: TMeta = {
  cors: "any_origin",
  limits: [{ policies: ["sessionIssue"], when: "handler" }],
  auth: "none",
  errors: ["not_found", "origin_not_allowed", "rate_limited", "service_unavailable"],
  openapi: {
    method: "POST",
    path: "/v1/widget/session",
    tags: ["Session issuing"],
    summary: "Issue an anonymous player session",
    description:
      "No credential: bound to the request `Origin`, which must be in the project's `allowed_origins` unless its game mode is `free_play` (403 `origin_not_allowed`). `anonymous_id` is a random id the browser keeps (8-128 of A-Z a-z 0-9 _ -); the same id gives the same `external_user_id` (`anon_…`). Tokens last 24 h. Limited to 30 per minute and 500 per day per project and network address.",
    protect: false,
  },
};
export const ZWidgetSessionRequestSchema = z.object({
  project_id: z.string().uuid(),
  anonymous_id: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, "8-128 characters of A-Z a-z 0-9 _ -"),
});
