import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { ZPlayerId } from "@/server/routers/_shared/schemas";
import { BUSINESS_EVENT_TYPES } from "@/server/domain/gameplay";
import { tags, ZPayload } from "./shared.types";

export const businessEventMeta: TMeta = {
  auth: "server_key",
  errors: ["insufficient_scope", "forbidden", "idempotency_conflict"],
  openapi: {
    method: "POST",
    path: "/v1/server/business-events",
    tags,
    summary: "Business event (analytics only)",
    description: `Header \`Idempotency-Key\` (required, 1-128 characters). Types: ${BUSINESS_EVENT_TYPES.map((t) => `\`${t}\``).join(", ")}. Idempotent: a repeated key answers \`duplicate: true\` and records nothing. Keys are the project's (one space for all its business events); a key already used for another player's event is 409 \`idempotency_conflict\` and records nothing. Needs scope \`events:write\`. \`payload\` is at most 16384 bytes measured as jsonb text (413 otherwise).`,
  },
};
export const ZBusinessEventRequestSchema = z.object({
  project_id: z.string().uuid(),
  external_user_id: ZPlayerId.describe("Your user id (1-128 printable ASCII characters, no spaces). May not start with `erased_`: reserved for the records kept after a player's erasure; one that starts with `anon_` must be an anonymous player's id as the widget issued it (`anon_` and 22 characters), never one of your own users (422 `validation_error`)"),
  type: z.enum(BUSINESS_EVENT_TYPES),
  payload: ZPayload,
});
