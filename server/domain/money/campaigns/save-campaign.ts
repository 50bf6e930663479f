import { randomUUID } from "node:crypto";
import type { Campaign } from "@/server/db/generated/prisma/client";
import { pool } from "@/server/db/client";
import { modelRow } from "@/server/db/rows";
import { withTransaction } from "@/server/db/tx";
import { findOwnedProject, writeAudit } from "@/server/domain/identity";
import { normaliseWebhookUrl } from "@/server/domain/platform";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { offeredLanguages } from "@/i18n/languages";
import { jsonbBytes } from "@/server/lib/jsonb-size";
import { foldClaimStripes, lockCampaignCaps, withClaimCounts } from "./campaign-count";
import { serializeCampaign, type TCampaignStatus } from "./campaign-model";
import { REWARD_TYPES, type TRewardType } from "./reward-types";
import { findTrigger } from "./triggers/registry";

export type TCampaignFields = {
  name: string;
  status: TCampaignStatus;
  trigger_type: string;
  trigger_params: Record<string, unknown>;
  reward_type: TRewardType;
  reward_metadata: Record<string, unknown>;
  max_per_user: number;
  max_total: number | null;
  cooldown_seconds: number;
  starts_at: string | null;
  ends_at: string | null;
  webhook_url: string | null;
  /** What winners read in the play shell, by language: one of the languages the project offers each. */
  player_message: Record<string, string>;
};

const CAMPAIGN_DEFAULTS = { status: "active", trigger_params: {}, reward_metadata: {}, max_per_user: 1, max_total: null, cooldown_seconds: 0, starts_at: null, ends_at: null, webhook_url: null, player_message: {} } as const;

function invalid(path: string, message: string): never {
  throw new AppError("validation_error", `${path}: ${message}`, { details: { issues: [{ path, message }] } });
}

/** Checks a whole campaign (after defaults or a patch are applied) against its project and returns its normalised values. */
function validate(f: TCampaignFields, project: { languages: readonly string[] }) {
  const trigger = findTrigger(f.trigger_type);
  if (!trigger) invalid("trigger_type", "unknown trigger");
  const params = trigger.params.safeParse(f.trigger_params);
  if (!params.success) invalid(`trigger_params.${params.error.issues[0]?.path.join(".") ?? ""}`.replace(/\.$/, ""), params.error.issues[0]?.message ?? "invalid");
  const reward = REWARD_TYPES[f.reward_type];
  const metadata = reward.metadata.safeParse(f.reward_metadata);
  if (!metadata.success) invalid(`reward_metadata.${metadata.error.issues[0]?.path.join(".") ?? ""}`.replace(/\.$/, ""), metadata.error.issues[0]?.message ?? "invalid");
  if (jsonbBytes(f.reward_metadata) > 4096) invalid("reward_metadata", "at most 4096 bytes");
  const startsAt = f.starts_at ? new Date(f.starts_at) : null;
  const endsAt = f.ends_at ? new Date(f.ends_at) : null;
  if (startsAt && endsAt && endsAt <= startsAt) invalid("ends_at", "must be after starts_at");
  if (f.max_total !== null && f.max_total < f.max_per_user) invalid("max_total", "must be at least max_per_user");
  const offered = offeredLanguages(project.languages);
  for (const lang of Object.keys(f.player_message)) if (!offered.includes(lang)) invalid(`player_message.${lang}`, "not one of the languages the project offers");
  return {
    triggerParams: params.data as Record<string, unknown>,
    rewardMetadata: metadata.data as Record<string, unknown>,
    startsAt,
    endsAt,
    webhookUrl: f.webhook_url ? normaliseWebhookUrl(f.webhook_url) : null,
  };
}

export async function createCampaign(opts: { accountId: string; projectId: string; fields: Partial<TCampaignFields> & Pick<TCampaignFields, "name" | "trigger_type" | "reward_type">; requestId?: string }) {
  const project = await findOwnedProject(opts);
  const f = { ...CAMPAIGN_DEFAULTS, ...opts.fields } as TCampaignFields;
  const v = validate(f, project);
  return withTransaction(async (tx) => {
    const at = now();
    const { rows } = await tx.query(
      `INSERT INTO campaign (id, project_id, name, status, trigger_type, trigger_params, reward_type, reward_metadata, max_per_user, max_total,
                             cooldown_seconds, starts_at, ends_at, webhook_url, player_message, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::jsonb, $9, $10, $11, $12, $13, $14, $16::jsonb, $15, $15) RETURNING *`,
      [randomUUID(), opts.projectId, f.name, f.status, f.trigger_type, JSON.stringify(v.triggerParams), f.reward_type, JSON.stringify(v.rewardMetadata),
        f.max_per_user, f.max_total, f.cooldown_seconds, v.startsAt, v.endsAt, v.webhookUrl, at, JSON.stringify(f.player_message)],
    );
    const c = modelRow<Campaign>(rows[0]!);
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "campaign.created", targetType: "campaign", targetId: c.id, metadata: { name: c.name, trigger_type: c.triggerType }, requestId: opts.requestId });
    return serializeCampaign(c);
  });
}

/** PATCH: the given fields over the current ones, validated as a whole, under the campaign's row lock. */
export async function updateCampaign(opts: { accountId: string; projectId: string; campaignId: string; patch: Partial<TCampaignFields>; requestId?: string }) {
  const project = await findOwnedProject(opts);
  return withTransaction(async (tx) => {
    // A cap given or taken waits for the project's claim decisions in flight (campaign-count.ts).
    const capChange = opts.patch.max_total !== undefined;
    if (capChange) await lockCampaignCaps(tx, opts.projectId);
    const row = (await tx.query("SELECT * FROM campaign WHERE id = $1 AND project_id = $2 FOR UPDATE", [opts.campaignId, opts.projectId])).rows[0];
    if (!row) throw new AppError("not_found", "Campaign not found");
    const current = serializeCampaign(modelRow<Campaign>(row));
    // Only the fields given: an absent field keeps its value (null clears the nullable ones).
    const given = Object.fromEntries(Object.entries(opts.patch).filter(([, v]) => v !== undefined));
    const f = { ...current, ...given } as TCampaignFields;
    const v = validate(f, project);
    const at = now();
    if (capChange && f.max_total !== null) await foldClaimStripes(tx, opts.campaignId);
    const { rows } = await tx.query(
      `UPDATE campaign SET name = $2, status = $3, trigger_type = $4, trigger_params = $5::jsonb, reward_type = $6, reward_metadata = $7::jsonb,
              max_per_user = $8, max_total = $9, cooldown_seconds = $10, starts_at = $11, ends_at = $12, webhook_url = $13, updated_at = $14,
              player_message = $15::jsonb
        WHERE id = $1 RETURNING *`,
      [opts.campaignId, f.name, f.status, f.trigger_type, JSON.stringify(v.triggerParams), f.reward_type, JSON.stringify(v.rewardMetadata),
        f.max_per_user, f.max_total, f.cooldown_seconds, v.startsAt, v.endsAt, v.webhookUrl, at, JSON.stringify(f.player_message)],
    );
    const [c] = (await withClaimCounts(tx, [modelRow<Campaign>(rows[0]!)])) as [Campaign];
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "campaign.updated", targetType: "campaign", targetId: c.id, metadata: { changed: Object.keys(given) }, requestId: opts.requestId });
    return serializeCampaign(c);
  });
}

export async function listCampaigns(opts: { accountId: string; projectId: string }) {
  await findOwnedProject(opts);
  const rows = (await pool().query("SELECT * FROM campaign WHERE project_id = $1 ORDER BY created_at", [opts.projectId])).rows.map((r) => modelRow<Campaign>(r));
  return (await withClaimCounts(pool(), rows)).map(serializeCampaign);
}
