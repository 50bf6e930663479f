import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { BUSINESS_EVENT_TYPES, PLAYER_EVENT_TYPES, SERVER_EVENT_TYPES } from "@/server/domain/events/ingest";

const tags = ["Events and progress"];
export const ZEventAccepted = z.object({ accepted: z.literal(true), duplicate: z.boolean().describe("true when an Idempotency-Key was seen before"), received_at: z.string() });
const ZPayload = z.record(z.string(), z.unknown()).default({});

export const playerEventMeta: TMeta = {
  auth: "session",
  errors: ["rate_limited"],
  openapi: { method: "POST", path: "/v1/events", tags, summary: "Player event", description: `Accepted types: ${PLAYER_EVENT_TYPES.map((t) => `\`${t}\``).join(", ")}. \`play.session_start\` counts as a play start and drives the legacy streak; \`streak.ui_ack\` acknowledges it. 120 per minute per player.` },
};
export const ZPlayerEventRequestSchema = z.object({ type: z.string().min(1).max(64), payload: ZPayload, session_id: z.string().max(128).optional() });

export const serverEventMeta: TMeta = {
  auth: "server_key",
  errors: ["insufficient_scope", "forbidden"],
  openapi: {
    method: "POST",
    path: "/v1/server/events",
    tags,
    summary: "Server-confirmed event",
    description: `Same shape as /v1/events plus \`project_id\` and \`external_user_id\`; needs an API key with scope \`events:write\` of that project. Accepted types: ${SERVER_EVENT_TYPES.map((t) => `\`${t}\``).join(", ")}. Promo outcomes (\`promo.*\`) require an \`Idempotency-Key\` header (a repeat answers \`duplicate: true\` and records nothing).`,
  },
};
export const ZServerEventRequestSchema = z.object({
  project_id: z.string().uuid(),
  external_user_id: z.string().min(1).max(128),
  type: z.enum(SERVER_EVENT_TYPES),
  payload: ZPayload,
  session_id: z.string().max(128).optional(),
});

export const businessEventMeta: TMeta = {
  auth: "server_key",
  errors: ["insufficient_scope", "forbidden"],
  openapi: {
    method: "POST",
    path: "/v1/server/business-events",
    tags,
    summary: "Business event (analytics only)",
    description: `Header \`Idempotency-Key\` (required, 1-128 characters). Types: ${BUSINESS_EVENT_TYPES.map((t) => `\`${t}\``).join(", ")}. Idempotent: a repeated key answers \`duplicate: true\` and records nothing. Needs scope \`events:write\`.`,
  },
};
export const ZBusinessEventRequestSchema = z.object({
  project_id: z.string().uuid(),
  external_user_id: z.string().min(1).max(128),
  type: z.enum(BUSINESS_EVENT_TYPES),
  payload: ZPayload,
});

export const progressMeta: TMeta = {
  auth: "session_or_query",
  openapi: {
    method: "GET",
    path: "/v1/progress/state",
    tags,
    summary: "Player progress",
    description: "Progress per game (next level, cycle round, completed levels, best scores) and the legacy streak with its goals. The session may also come as the `session_token` query parameter (legacy fallback, discouraged: URLs end up in logs).",
  },
};
export const ZProgressRequestSchema = z.object({ session_token: z.string().max(4096).optional() });
export const ZProgressResponseSchema = z.object({
  external_user_id: z.string(),
  subject_type: z.string(),
  current_game: z.string().nullable(),
  games: z.array(
    z.object({
      mechanic: z.string(),
      next_level_number: z.number().int(),
      cycle_round: z.number().int(),
      levels_completed: z.number().int(),
      levels_total: z.number().int(),
      track_complete: z.boolean(),
      runs_started: z.number().int(),
      best_scores: z.record(z.string(), z.number()),
    }),
  ),
  streak: z.object({
    current_streak: z.number().int(),
    best_streak: z.number().int(),
    last_day: z.string().nullable(),
    days_played: z.number().int(),
    acked_day: z.string().nullable(),
    confirmed_days: z.array(z.string()),
    goals: z.array(z.string()),
  }),
});
