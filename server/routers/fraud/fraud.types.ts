import { z } from "zod";
import { FLAG_RESOLUTIONS, FRAUD_RULES, MANUAL_STATES, SAME_ADDRESS_COUNT_CAP } from "@/server/domain/trust";
import type { TMeta } from "@/server/trpc/init";

const tags = ["Admin: fraud"];
const owner = "The admin must own the project; a foreign or unknown project or flag answers 404.";
const gate = `The fraud value gate scores every claim in the claim's own transaction: each enabled rule adds its score × weight (total capped at 100) — ${FRAUD_RULES.map((r) => `\`${r.type}\` (${r.summary.toLowerCase()})`).join("; ")}. With the default thresholds a score below 30 delivers at once, 30-59 holds for \`hold_minutes\` (60) and is then scored again, 60-89 goes to review and 90 or more is rejected. A manual player status overrides: \`blocked\` rejects, \`watch\` sends to review at least, \`trusted\` delivers unless the run's replay failed.`;

export const ZProjectRequestSchema = z.object({ project_id: z.string().uuid() });

const ZFlag = z.object({
  flag_id: z.string().uuid(),
  external_user_id: z.string(),
  kind: z.string().describe("e.g. `rate_exceeded`, `replay_mismatch`, `fast_commands`, `shared_address`, `claim_velocity`, `refused_commands`"),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  resolution: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export const ZFlagsRequestSchema = z.object({
  project_id: z.string().uuid(),
  resolved: z.boolean().optional(),
  external_user_id: z.string().max(128).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export const ZFlagsResponseSchema = z.object({ flags: z.array(ZFlag) });
export const flagsMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/fraud-flags",
    tags,
    summary: "Fraud flags",
    description: `${owner} Newest first; \`resolved\` filters (true/false), \`external_user_id\` narrows to one player, \`limit\` 1-200 (default 50). Flags are de-duplicated per player and kind in a 60-second sliding window; resolved flags are deleted 90 days after they were raised (hourly job), unresolved ones never.`,
  },
};

export const ZResolveRequestSchema = z.object({ project_id: z.string().uuid(), flag_id: z.string().uuid(), resolution: z.enum(FLAG_RESOLUTIONS) });
export const ZResolveResponseSchema = z.object({ flag_id: z.string().uuid(), resolution: z.enum(FLAG_RESOLUTIONS), resolved_at: z.string() });
export const resolveMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error", "origin_not_allowed"],
  openapi: { method: "PATCH", path: "/v1/admin/projects/{project_id}/fraud-flags/{flag_id}", tags, summary: "Resolve a fraud flag", description: `${owner} \`resolution\`: \`confirmed_fraud\`, \`false_positive\` or \`ignored\`. Unresolved flags of the last 7 days raise the risk of the player's claims.` },
};

export const ZPlayerRequestSchema = z.object({ project_id: z.string().uuid(), external_user_id: z.string().min(1).max(128) });
export const ZPlayerStatusSchema = z.object({
  external_user_id: z.string(),
  state: z.enum(MANUAL_STATES),
  reason: z.string().nullable(),
  expires_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  unresolved_flags: z.number().int(),
});
export const playerGetMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: { method: "GET", path: "/v1/admin/projects/{project_id}/players/{external_user_id}/fraud", tags, summary: "A player's fraud status", description: `${owner} The manual status (\`none\` when unset or expired) and the player's unresolved flags.` },
};
export const ZPlayerPutSchema = ZPlayerRequestSchema.extend({
  state: z.enum(MANUAL_STATES),
  reason: z.string().trim().max(500).optional(),
  expires_at: z.string().datetime({ offset: true }).nullable().optional(),
});
export const playerPutMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error", "origin_not_allowed"],
  openapi: {
    method: "PUT",
    path: "/v1/admin/projects/{project_id}/players/{external_user_id}/fraud",
    tags,
    summary: "Set a player's fraud status",
    description: `${owner} \`state\`: \`trusted\`, \`watch\`, \`blocked\`, or \`none\` to clear; optional \`reason\` and \`expires_at\` (future; the status then lapses by itself). A \`blocked\` player's play ingress is refused with 403 \`fraud_blocked\` while the status is in force: run start, commands (on runs opened before the block too), wheel spins, economy spends, /v1/events and the integrator's /v1/server/events for that player (reads, the lobby and business events are not); their claims are rejected. ${gate}`,
  },
};

export const ZMetricsSchema = z.object({
  period_days: z.number().int(),
  flags: z.array(z.object({ kind: z.string(), count: z.number().int(), unresolved: z.number().int() })),
  claims: z.object({ total: z.number().int(), by_status: z.record(z.string(), z.number().int()), rejected_rate: z.number(), held_or_review_rate: z.number() }),
  review_queue: z.number().int(),
  held_now: z.number().int(),
});
export const metricsMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: { method: "GET", path: "/v1/admin/projects/{project_id}/fraud-metrics", tags, summary: "Fraud metrics", description: `${owner} Over the last 30 days: flags raised by kind (\`count\`), claims by status, the share rejected and the share held or in review; plus, now: each kind's unresolved flags whenever raised (\`unresolved\`: unresolved flags are never deleted, and every page counts them all), the review queue and the holds open.` },
};

const ZRuleConfig = z.object({ type: z.string(), summary: z.string(), enabled: z.boolean(), weight: z.number() }).catchall(z.unknown());
export const ZFraudConfigSchema = z.object({
  thresholds: z.object({ hold: z.number().int(), review: z.number().int(), reject: z.number().int() }),
  hold_minutes: z.number().int(),
  rules: z.array(ZRuleConfig),
});
export const configGetMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: { method: "GET", path: "/v1/admin/projects/{project_id}/fraud-rules", tags, summary: "Fraud gate configuration", description: `${owner} Every rule with its switch, weight and thresholds, defaults filled in. ${gate}` },
};
export const ZFraudConfigPutSchema = z.object({
  project_id: z.string().uuid(),
  thresholds: z.object({ hold: z.number().int().min(1).max(100), review: z.number().int().min(1).max(100), reject: z.number().int().min(1).max(101) }).optional(),
  hold_minutes: z.number().int().min(1).max(10_080).optional(),
  rules: z.record(z.string(), z.record(z.string(), z.unknown())).optional().describe("By rule type: `enabled`, `weight` (0-5) and the rule's own thresholds; omitted fields keep their defaults"),
});
export const configPutMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error", "origin_not_allowed"],
  openapi: { method: "PUT", path: "/v1/admin/projects/{project_id}/fraud-rules", tags, summary: "Replace the fraud gate configuration", description: `${owner} Validated whole; omitted fields take their defaults, an unknown rule type or a value out of range is 422 (the \`shared_address\` thresholds are at most ${SAME_ADDRESS_COUNT_CAP}: players sharing an address are counted up to that, and for each claim only up to the higher of the two thresholds, which is all a decision needs; a \`shared_address\` flag's \`details\` give \`players_24h\` and that \`counted_up_to\`). Applies to claims made from now on and to held claims when they are scored again.` },
};
