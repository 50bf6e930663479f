import { z } from "zod";
import { refineWheelDraft, SIMULATION_DRAWS, WHEEL_DRAFT_SHAPE, WHEEL_ICONS, WHEEL_IDS, ZWheelDraftSchema } from "@/server/domain/money";
import type { TMeta } from "@/server/trpc/init";

const tags = ["Admin: prize wheel"];
const owner = "The admin must own the project; a foreign or unknown project answers 404. The settings and a default draft for each wheel are created on first use.";
const writes = "Needs an allowed `Origin` header even with a bearer token (403 `origin_not_allowed`).";
const base = "/v1/admin/projects/{project_id}/wheels";
const ZWheelIdSchema = z.enum(WHEEL_IDS);

const DRAFT_DOC = `A draft: \`free_spins_per_day\`, \`max_spins_per_day\` (all spins of a day, free ones first, the rest cost \`ticket_cost\` tickets), \`segments\` (2-12, in wheel order): \`id\`, \`label\`, \`icon\` (${WHEEL_ICONS.map((i) => `\`${i}\``).join(", ")}), \`award\` (\`{type: "tickets", amount}\`, \`{type: "resource", resource_id, amount}\` or \`{type: "nothing"}\`), \`weight\` (a positive integer, secret from players), optional \`caps\` (\`daily\`, \`total\` landings; not on nothing segments). **Costs and budgets**: awards are economy resources, budgets are money: \`resource_costs_minor\` gives what one unit of each awarded resource (\`tickets\` for ticket awards) costs the operator in minor units of the project's \`currency\` (GET /v1/admin/projects/{project_id}: cents for USD, whole yen for JPY), so a segment costs \`amount × resource_costs_minor[resource]\` and nothing segments cost 0; \`budget_daily_minor\` (per day in the wheel's time zone) and \`budget_total_minor\` (over the wheel's life, across versions) cap what landed awards cost. A spin whose award would pass either budget or a cap lands on a nothing segment instead, so at least one is required. \`rules\`: \`text\` and \`organizer\` (\`name\`, optional \`address\`, \`contact\`, \`url\`). Awarded resources must exist in the project's economy.`;

export const ZProjectInput = z.object({ project_id: z.string().uuid() });
export const ZProjectWheelInput = z.object({ project_id: z.string().uuid(), wheel_id: ZWheelIdSchema });

export const ZWheelSettingsSchema = z.object({ timezone: z.string().describe("IANA time zone of the wheels' day"), updated_at: z.string() });
export const settingsGetMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: { method: "GET", path: `${base}/settings`, tags, summary: "Wheel settings", description: `${owner} \`timezone\` (default \`UTC\`) decides where a day ends for daily entitlements and daily budgets.` },
};
export const ZSettingsPutSchema = z.object({ project_id: z.string().uuid(), timezone: z.string().min(1).max(64) }).strict();
export const settingsPutMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error", "origin_not_allowed"],
  openapi: { method: "PUT", path: `${base}/settings`, tags, summary: "Change wheel settings", description: `${owner} ${writes} \`timezone\` must be an IANA name (e.g. \`Pacific/Auckland\`); offsets and POSIX rules are refused (422). Takes effect from the next spin.` },
};

export const ZDraftViewSchema = z.object({
  wheel_id: ZWheelIdSchema,
  draft: ZWheelDraftSchema,
  draft_hash: z.string().describe("SHA-256 of the canonical draft (keys sorted): publish with it"),
  published_version: z.number().int().nullable(),
  published_draft_hash: z.string().nullable().describe("The hash of the published version's draft: equal to `draft_hash` when nothing changed since"),
  published_at: z.string().nullable(),
  costs: z.object({
    segments: z.array(z.object({ id: z.string(), cost_minor: z.number(), probability: z.number() })),
    expected_cost_per_spin_minor: z.number(),
  }),
  updated_at: z.string(),
});
export const draftGetMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: { method: "GET", path: `${base}/{wheel_id}/draft`, tags, summary: "A wheel's draft", description: `${owner} \`wheel_id\`: \`daily\` or \`site\`. The draft, its hash, the published version and each segment's cost and probability. ${DRAFT_DOC}` },
};
export const ZDraftPutSchema = z.object({ project_id: z.string().uuid(), wheel_id: ZWheelIdSchema, ...WHEEL_DRAFT_SHAPE }).strict().superRefine(refineWheelDraft);
export const draftPutMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error", "origin_not_allowed"],
  openapi: { method: "PUT", path: `${base}/{wheel_id}/draft`, tags, summary: "Replace a wheel's draft", description: `${owner} ${writes} The whole draft; players see nothing until it is published. ${DRAFT_DOC}` },
};

export const ZPublishRequestSchema = z.object({ project_id: z.string().uuid(), wheel_id: ZWheelIdSchema, expected_draft_hash: z.string().regex(/^[0-9a-f]{64}$/) }).strict();
export const ZPublishResponseSchema = z.object({
  wheel_id: ZWheelIdSchema,
  version: z.number().int(),
  draft_hash: z.string(),
  weights_commitment: z.string().describe("Public: SHA-256(\"<weights_salt>:<weight table>\")"),
  weights_salt: z.string().describe("Secret from players; give it with the weight table to an auditor"),
  published_at: z.string(),
});
export const publishMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "draft_stale", "validation_error", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: `${base}/{wheel_id}/publish`,
    tags,
    summary: "Publish a wheel's draft",
    description: `${owner} ${writes} \`expected_draft_hash\` must be the draft's current hash (409 \`draft_stale\` with the current \`draft_hash\` otherwise), so what is published is what the admin reviewed. Freezes the draft as version + 1 with a fresh weights salt and commitment; spins record the version they used, and clients still on the previous one get 409 \`wheel_version_stale\`.`,
  },
};

export const ZSimulateRequestSchema = z.object({ project_id: z.string().uuid(), wheel_id: ZWheelIdSchema, spins_per_day: z.number().min(0).max(100_000_000).optional() }).strict();
const ZPacingSchema = z.object({
  spins_per_day: z.number(),
  expected_daily_spend_minor: z.number(),
  paced_daily_spend_minor: z.number().describe("Expected daily spend, at most the daily budget"),
  daily_budget_binding: z.boolean(),
  remaining_total_minor: z.number(),
  days_until_total_budget_spent: z.number().nullable().describe("null when nothing is spent per day"),
});
export const ZSimulateResponseSchema = z.object({
  wheel_id: ZWheelIdSchema,
  draft_hash: z.string(),
  draws: z.number().int(),
  distribution: z.array(z.object({ segment_id: z.string(), label: z.string(), weight: z.number().int(), expected_share: z.number(), count: z.number().int(), share: z.number(), cost_minor: z.number() })),
  expected_cost_per_spin_minor: z.number(),
  sample_cost_per_spin_minor: z.number(),
  pacing: ZPacingSchema.extend({ spins_per_day_source: z.enum(["observed_7d", "request"]), spent_total_minor: z.number() }),
});
export const simulateMeta: TMeta = {
  limits: [{ policies: ["wheelSimulate"], when: "first" }],
  auth: "admin",
  errors: ["not_found", "validation_error", "origin_not_allowed", "rate_limited"],
  openapi: {
    method: "POST",
    path: `${base}/{wheel_id}/simulate`,
    tags,
    summary: "Simulate a wheel's draft",
    description: `${owner} ${writes} Draws ${SIMULATION_DRAWS} results from the draft with the real draw and a CSPRNG, and creates nothing (no spin, award, counter or ledger row): per segment the count and share against the weights' share, the expected and the sampled cost per spin, and budget pacing: days until the total budget is spent at the observed spin rate of the last 7 days (or \`spins_per_day\`), spending per day at most the daily budget. 20 per minute per admin.`,
  },
};

export const ZStatsResponseSchema = z.object({
  wheel_id: ZWheelIdSchema,
  published_version: z.number().int().nullable(),
  timezone: z.string(),
  day: z.string(),
  spins: z.object({ total: z.number().int(), today: z.number().int(), last_7_days: z.number().int() }),
  awards_by_segment: z.array(z.object({ segment_id: z.string(), label: z.string(), landings: z.number().int(), landings_today: z.number().int(), substituted_landings: z.number().int(), cost_minor: z.number() })),
  budget: z.object({ daily_minor: z.number(), used_today_minor: z.number(), total_minor: z.number(), used_total_minor: z.number() }),
  pacing: ZPacingSchema.extend({
    expected_cost_per_spin_minor: z.number(),
    forecast_spend_today_minor: z.number(),
    actual_spend_today_minor: z.number(),
    forecast_spend_total_minor: z.number().describe("Each spin's version's expected cost per spin, summed"),
    actual_spend_total_minor: z.number(),
    spend_vs_forecast: z.number().nullable().describe("actual / forecast over the wheel's life"),
  }),
  fairness: z.object({ weights_commitment: z.string(), weights_salt: z.string(), published_at: z.string() }).nullable().describe("The published version's commitment and salt, for an auditor"),
});
export const statsMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: `${base}/{wheel_id}/stats`,
    tags,
    summary: "Wheel statistics",
    description: `${owner} Spins (total, today, last 7 days), landings and cost by segment (\`substituted_landings\`: budget or cap fallbacks), budget used today and in total against the published version's budgets, and spend against the pacing forecast the weights make, with days until the total budget is spent at the last 7 days' rate.`,
  },
};
