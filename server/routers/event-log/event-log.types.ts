import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";

const tags = ["Admin: event log"];
const owner = "The admin must own the project; a foreign or unknown project answers 404.";

export const ZEventFilterSchema = z.object({
  project_id: z.string().uuid(),
  event_type: z.string().min(1).max(64).optional().describe("Only events of this type (exact match), e.g. `level_won`"),
  external_user_id: z.string().min(1).max(128).optional().describe("Only this player's events (exact match)"),
  since: z.string().datetime({ offset: true }).optional().describe("Inclusive lower bound on `created_at` (RFC 3339 date-time)"),
  until: z.string().datetime({ offset: true }).optional().describe("Exclusive upper bound on `created_at` (RFC 3339 date-time); must be after `since`"),
});

const ZEventSchema = z.object({
  id: z.string().describe("The event's id (a decimal integer, as a string: ids exceed 2^53)"),
  type: z.string(),
  source: z.string().describe("`player` (the widget), `server` (an API key), `business` or `system` (the service itself)"),
  external_user_id: z.string(),
  session_id: z.string().nullable().describe("The player session that sent it, when one did"),
  run_id: z.string().uuid().nullable().describe("The game run it belongs to, when it does"),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export const ZEventsRequestSchema = ZEventFilterSchema.extend({
  limit: z.number().int().min(1).max(500).default(50),
  cursor: z.string().max(300).optional().describe("The `next_cursor` of the previous page, unchanged"),
});
export const ZEventsResponseSchema = z.object({ events: z.array(ZEventSchema), next_cursor: z.string().nullable() });

const CURSOR_SEMANTICS =
  "Newest first, ordered by (`created_at`, `id`) descending, keyset-paginated: `next_cursor` names the last row returned and the next page starts strictly after it, so paging is stable while events keep arriving — no row is repeated and none that existed when paging began is skipped (new events sort before the position already reached and appear on a fresh first page). `next_cursor` is null on the last page. The cursor is opaque and signed: it is valid only with the same project and the same filters (`event_type`, `external_user_id`, `since`, `until`); an edited cursor, another project's, or one replayed with other filters is 422 `validation_error`. `limit` may change between pages.";

export const eventsMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/events",
    tags,
    summary: "Event log",
    description: `${owner} The project's recorded events (player, server, business and system events) with their player, session and run references and payload. ${CURSOR_SEMANTICS} \`limit\` 1-500, default 50; out of range is 422 \`validation_error\`. \`since\` ≤ \`created_at\` < \`until\`; \`since\` must be before \`until\`.`,
  },
};
