import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { PLAYER_EVENT_TYPES } from "@/server/domain/gameplay";
import { tags, ZPayload } from "./shared.types";

export const playerEventMeta: TMeta = {
  limits: [{ policies: ["events", "eventsProject"], when: "first" }],
  erasedSessions: "in_domain",
  auth: "session",
  errors: ["fraud_blocked", "rate_limited"],
  openapi: { method: "POST", path: "/v1/events", tags, summary: "Player event", description: `Accepted types: ${PLAYER_EVENT_TYPES.map((t) => `\`${t}\``).join(", ")}. \`play.session_start\` counts as a play start and drives the legacy streak the player sees (\`current_streak\`); \`streak.ui_ack\` acknowledges it. A player's events never make a reward claim: \`streak_reached\` campaigns count only days your server confirmed with \`streak.server_confirm\` on /v1/server/events (\`confirmed_streak\`). \`payload\` is at most 4096 bytes measured as jsonb text (413 \`validation_error\` with \`payload_bytes\` otherwise). Limits: 120 per minute per player, and a project ingest budget of 6000 per minute and 1 000 000 per day for all its players together (429 \`rate_limited\` with \`Retry-After\`), charged before the event is looked at: refused events spend the budget too. A body nested deeper than 32 levels is 422 before any work.` },
};
export const ZPlayerEventRequestSchema = z.object({ type: z.string().min(1).max(64), payload: ZPayload, session_id: z.string().max(128).optional() });
