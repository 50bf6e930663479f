import type { RewardClaim } from "@/server/db/generated/prisma/client";

/**
 * Claim statuses: `deliverable` (its reward.eligible delivery is queued or done), `held` (until
 * `hold_until`, then scored again), `review` (an admin decides), `rejected`.
 */
export const CLAIM_STATUSES = ["deliverable", "held", "review", "rejected"] as const;
export type TClaimStatus = (typeof CLAIM_STATUSES)[number];

/** The claim as the admin API shows it (the risk reasons are for admins only, never players). */
export function serializeClaim(c: RewardClaim, delivery: { id: string; status: string } | null) {
  return {
    claim_id: c.id,
    campaign_id: c.campaignId,
    external_user_id: c.externalUserId,
    trigger: c.trigger,
    run_id: c.runId,
    mechanic: c.mechanic,
    level_number: c.levelNumber,
    idempotency_key: c.idempotencyKey,
    client_idempotency_key: c.clientIdempotencyKey,
    status: c.status as TClaimStatus,
    risk_score: c.riskScore,
    risk_reasons: c.riskReasons as string[],
    hold_until: c.holdUntil?.toISOString() ?? null,
    reject_reason: c.rejectReason,
    decided_by: c.decidedBy,
    delivery: delivery ? { delivery_id: delivery.id, status: delivery.status } : null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
