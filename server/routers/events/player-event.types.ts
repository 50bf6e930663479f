import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { PLAYER_EVENT_TYPES } from "@/server/domain/events/ingest";
import { tags, ZPayload } from "./shared.types";

export const playerEventMeta: TMeta = {
  auth: "session",
  errors: ["rate_limited"],
  openapi: { method: "POST", path: "/v1/events", tags, summary: "Player event", description: `Accepted types: ${PLAYER_EVENT_TYPES.map((t) => `\`${t}\``).join(", ")}. \`play.session_start\` counts as a play start and drives the legacy streak; \`streak.ui_ack\` acknowledges it. 120 per minute per player.` },
};
export const ZPlayerEventRequestSchema = z.object({ type: z.string().min(1).max(64), payload: ZPayload, session_id: z.string().max(128).optional() });
