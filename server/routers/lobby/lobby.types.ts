import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { LANGUAGE_CODES } from "@/i18n/languages";
import { TELEMETRY_KINDS } from "@/server/domain/gameplay";
import { ZWheelEntitlementSchema } from "../wheel/wheel.types";

export const lobbyMeta: TMeta = {
  limits: [{ policies: ["lobby"], when: "handler" }],
  erasedSessions: "in_domain",
  auth: "session",
  errors: ["rate_limited"],
  openapi: {
    method: "GET",
    path: "/v1/lobby",
    tags: ["Lobby"],
    summary: "Lobby snapshot",
    description:
      `Display mode, mechanic, next level (with a small \`preview\` of its goals), unfinished run and last result. Changes no progress or rewards (an expired unfinished run shows \`resumable: false\`). At most 2 SQL statements (budget 8; the wheel block is part of the first) and 8 KiB (a warning is logged above). 60 per minute per player; over the limit a \`rate_exceeded\` fraud flag is stored (de-duplicated per 60 s) and the answer is 429 \`rate_limited\`. \`Origin\` is not checked. \`play.title\` (the game's name) is said in the language of \`Accept-Language\` (the play shell sends its own: ${LANGUAGE_CODES.join(", ")}; English otherwise); codes never change with it.`,
  },
};
export const ZLobbyRequestSchema = z.object({}).optional();
export const ZLobbyResponseSchema = z.object({
  schema: z.literal(1),
  config_revision: z.number().int(),
  entry_mode: z.string(),
  server_time: z.string(),
  viewport: z.object({ width: z.number().int(), height: z.number().int() }),
  theme: z.object({ accent: z.string() }),
  assets: z.object({
    lobby_background: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable().describe("The lobby's background (an 840×1520 WebP), or null"),
    game_background: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable().describe("The background of the project's game board, or null"),
  }),
  play: z.object({
    mechanic: z.string().nullable(),
    title: z.string().nullable(),
    available: z.boolean(),
    unavailable_reason: z.string().nullable(),
    next_level: z.object({ number: z.number().int(), id: z.string(), cycle_round: z.number().int(), preview: z.record(z.string(), z.unknown()) }).nullable(),
    levels_total: z.number().int(),
    level_stars: z.array(z.number().int().min(0).max(3)).describe("Per level of the track in order: the stars of the player's best win (1-3, from the level's score thresholds), 0 when not won yet"),
    track_complete: z.boolean(),
    active_run: z.object({ run_id: z.string(), level_number: z.number().int(), sequence: z.number().int(), started_at: z.string(), resumable: z.boolean() }).nullable(),
  }),
  last_result: z
    .object({ run_id: z.string(), mechanic: z.string(), status: z.string(), level_number: z.number().int(), reward: z.object({ status: z.string() }) })
    .nullable()
    .describe("The player's last finished run; `reward.status` is what GET /v1/game-runs/{run_id}/reward answers for it (pending, checking, delayed, confirmed, unavailable; none without a claim), read in the lobby's same statement"),
  wheel: z
    .object({
      enabled: z.boolean(),
      wheel_id: z.enum(["daily", "site"]).nullable(),
      version: z.number().int().nullable().describe("The published version a spin must name"),
      entitlement: ZWheelEntitlementSchema.nullable(),
      pending: z.object({ spin_id: z.string().uuid(), segment_id: z.string(), created_at: z.string() }).nullable().describe("The latest spin not yet marked seen"),
    })
    .describe("The daily wheel (in `wheel_only` mode the site wheel when published), enabled when the project shows it, a version is published and the player may spin it (anonymous players only in free play). Never weights; details at GET /v1/wheel."),
});

export const telemetryMeta: TMeta = {
  limits: [{ policies: ["telemetrySession", "telemetryProject"], when: "handler" }],
  auth: "session",
  errors: ["origin_not_allowed", "rate_limited"],
  openapi: {
    method: "POST",
    path: "/v1/client-telemetry",
    tags: ["Lobby"],
    summary: "Client telemetry",
    description: "Exactly `build_version`, `kind`, `status` (unknown fields are rejected). Body at most 256 bytes (413). `Origin` must be the API origin. 3 per minute per session and 300 per hour per project; clients sample 5 %. Only the kind, status and build version are logged.",
  },
};
export const ZTelemetryRequestSchema = z.strictObject({
  build_version: z.string().regex(/^(r[0-9a-f]{12}|legacy-v1)$/),
  kind: z.enum(TELEMETRY_KINDS),
  status: z.number().int().min(0).max(999),
});
export const ZAcceptedSchema = z.object({ accepted: z.literal(true) });
