import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { ZPlayerId } from "@/server/routers/_shared/schemas";
import { SERVER_EVENT_TYPES } from "@/server/domain/gameplay";
import { tags, ZPayload } from "./shared.types";

export const serverEventMeta: TMeta = {
  auth: "server_key",
  errors: ["insufficient_scope", "forbidden", "fraud_blocked", "idempotency_conflict"],
  openapi: {
    method: "POST",
    path: "/v1/server/events",
    tags,
    summary: "Server-confirmed event",
    description: `Same shape as /v1/events plus \`project_id\` and \`external_user_id\`; needs an API key with scope \`events:write\` of that project. Accepted types: ${SERVER_EVENT_TYPES.map((t) => `\`${t}\``).join(", ")}. \`streak.server_confirm\` confirms that the player played on this UTC day: consecutive confirmed days are the streak that \`streak_reached\` campaigns reward (a player's own events never make a claim). Promo outcomes (\`promo.*\`) require an \`Idempotency-Key\` header (a repeat answers \`duplicate: true\` and records nothing; a key already used for another player's event is 409 \`idempotency_conflict\` and records nothing). \`payload\` is at most 16384 bytes measured as jsonb text (413 otherwise).`,
  },
};
export const ZServerEventRequestSchema = z.object({
  project_id: z.string().uuid(),
  external_user_id: ZPlayerId.describe("Your user id (1-128 printable ASCII characters, no spaces). May not start with `erased_`: reserved for the records kept after a player's erasure; one that starts with `anon_` must be an anonymous player's id as the widget issued it (`anon_` and 22 characters), never one of your own users (422 `validation_error`)"),
  type: z.enum(SERVER_EVENT_TYPES),
  payload: ZPayload,
  session_id: z.string().max(128).optional(),
});
