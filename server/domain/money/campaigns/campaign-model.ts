import type { Campaign } from "@/server/db/generated/prisma/client";

export const CAMPAIGN_STATUSES = ["active", "paused", "archived"] as const;
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The campaign as the admin API shows it: an allowlist of fields. */
export function serializeCampaign(c: Campaign) {
  return {
    campaign_id: c.id,
    name: c.name,
    status: c.status as TCampaignStatus,
    trigger_type: c.triggerType,
    trigger_params: c.triggerParams as Record<string, unknown>,
    reward_type: c.rewardType,
    reward_metadata: c.rewardMetadata as Record<string, unknown>,
    max_per_user: c.maxPerUser,
    max_total: c.maxTotal,
    cooldown_seconds: c.cooldownSeconds,
    starts_at: c.startsAt?.toISOString() ?? null,
    ends_at: c.endsAt?.toISOString() ?? null,
    webhook_url: c.webhookUrl,
    player_message: c.playerMessage as Record<string, string>,
    claims_count: c.claimsCount,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

