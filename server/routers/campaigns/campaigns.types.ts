import { isLanguageTag } from "@/i18n/languages";
import { z } from "zod";
import { CAMPAIGN_STATUSES, REWARD_TYPE_IDS, REWARD_TYPES, TRIGGER_TYPES, TRIGGERS } from "@/server/domain/money";
import type { TMeta } from "@/server/trpc/init";

const tags = ["Admin: campaigns"];
const owner = "The admin must own the project; a foreign or unknown project or campaign answers 404.";

const triggers = TRIGGERS.map((t) => `\`${t.type}\` (${t.summary.toLowerCase()})`).join("; ");
const rewards = REWARD_TYPE_IDS.map((r) => `\`${r}\` (${REWARD_TYPES[r].summary.toLowerCase()})`).join("; ");
const fields = `Triggers: ${triggers}. \`trigger_params\`: \`game_won\` takes \`mechanic\`, \`level_min\`, \`level_max\` and \`first_completion_only\` (default true: one claim per level won, key \`<campaign>:<user>:<mechanic>:level:<level_id>\`); \`track_completed\` takes \`mechanic\`; \`streak_reached\` takes \`days\` (2-365). Only first completions grant: replays and later track cycles never do, nor do \`free_play\` projects or anonymous players. Reward types: ${rewards}; \`reward_metadata\` (≤ 4096 bytes) is passed to the integrator untouched in every webhook. \`max_per_user\` (default 1) caps claims per player, \`max_total\` (null: no cap) per campaign (giving or removing a cap waits for the project's claim decisions in flight, so the cap holds exactly), \`cooldown_seconds\` the time between two claims of one player; rejected claims count toward none of them. A campaign fires only while \`status\` is \`active\` and \`starts_at\` ≤ now < \`ends_at\` (either may be null). \`webhook_url\` overrides the project's for this campaign's deliveries.`;

const PLAYER_MESSAGE_DOC =
  "What a winner reads on the play shell's result card and in GET /v1/game-runs/{run_id}/reward (`message`), by language code (one of the languages the project offers; at most 140 characters each), e.g. `{\"de\": \"10 % Rabatt auf deine nächste Bestellung\", \"en\": \"10% off your next order\"}`. A player whose language has no message reads the catalogue's status line only, never another language's message. A PATCH replaces the whole map; `{}` removes every message.";

export const ZCampaignSchema = z.object({
  campaign_id: z.string().uuid(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  trigger_type: z.string(),
  trigger_params: z.record(z.string(), z.unknown()),
  reward_type: z.string(),
  reward_metadata: z.record(z.string(), z.unknown()),
  max_per_user: z.number().int(),
  max_total: z.number().int().nullable(),
  cooldown_seconds: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  webhook_url: z.string().nullable(),
  player_message: z.record(z.string(), z.string()).describe(PLAYER_MESSAGE_DOC),
  claims_count: z.number().int().describe("Claims that count toward `max_total` (rejected ones do not)"),
  created_at: z.string(),
  updated_at: z.string(),
});

const editable = {
  name: z.string().trim().min(1).max(100),
  status: z.enum(CAMPAIGN_STATUSES),
  trigger_type: z.enum(TRIGGER_TYPES),
  trigger_params: z.record(z.string(), z.unknown()),
  reward_type: z.enum(REWARD_TYPE_IDS as [string, ...string[]]),
  reward_metadata: z.record(z.string(), z.unknown()),
  max_per_user: z.number().int().min(1).max(10_000),
  max_total: z.number().int().min(1).max(100_000_000).nullable(),
  cooldown_seconds: z.number().int().min(0).max(366 * 86_400),
  starts_at: z.string().datetime({ offset: true }).nullable(),
  ends_at: z.string().datetime({ offset: true }).nullable(),
  webhook_url: z.string().max(2048).nullable(),
  player_message: z
    .record(z.string().refine(isLanguageTag, "a language code such as de or pt-BR"), z.string().trim().min(1).max(140))
    .refine((m) => Object.keys(m).length <= 20, "at most 20 languages")
    .describe(PLAYER_MESSAGE_DOC),
};

export const ZCampaignCreateRequestSchema = z
  .object({ project_id: z.string().uuid(), ...editable })
  .partial({ status: true, trigger_params: true, reward_metadata: true, max_per_user: true, max_total: true, cooldown_seconds: true, starts_at: true, ends_at: true, webhook_url: true, player_message: true })
  .strict();
export const ZCampaignUpdateRequestSchema = z.object({ project_id: z.string().uuid(), campaign_id: z.string().uuid() }).extend(z.object(editable).partial().shape).strict();
export const ZCampaignListRequestSchema = z.object({ project_id: z.string().uuid() });
export const ZCampaignListResponseSchema = z.object({ campaigns: z.array(ZCampaignSchema) });

export const listMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: { method: "GET", path: "/v1/admin/projects/{project_id}/campaigns", tags, summary: "List campaigns", description: `${owner} Oldest first.` },
};
export const createMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: { method: "POST", path: "/v1/admin/projects/{project_id}/campaigns", tags, summary: "Create a campaign", description: `${owner} ${fields}` },
};
export const updateMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: {
    method: "PATCH",
    path: "/v1/admin/projects/{project_id}/campaigns/{campaign_id}",
    tags,
    summary: "Change a campaign",
    description: `${owner} Any subset of the fields; the result is validated as a whole (a changed \`trigger_type\` needs \`trigger_params\` that fit it). Pause with \`status: paused\`; claims already made are kept. Answers the campaign. ${fields}`,
  },
};
