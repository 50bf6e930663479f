import type { Campaign, RewardClaim } from "@/server/db/generated/prisma/client";
import { pool } from "@/server/db/client";
import { modelRow } from "@/server/db/rows";
import { withTransaction, type TTx } from "@/server/db/tx";
import { findOwnedProject, isUuid, writeAudit } from "@/server/domain/identity";
import { uncountClaim } from "@/server/domain/money/campaigns/campaign-count";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { applyClaimState } from "./claim-effects";
import { CLAIM_STATUSES, serializeClaim, type TClaimStatus } from "./claim-model";

/** Newest first; optionally one status (the review queue is `status=review`) or one player. */
export async function listClaims(opts: { accountId: string; projectId: string; status?: TClaimStatus; externalUserId?: string; limit: number }) {
  await findOwnedProject(opts);
  if (opts.status && !CLAIM_STATUSES.includes(opts.status)) throw new AppError("validation_error", "Unknown status");
  const claims = (
    await pool().query(
      `SELECT * FROM reward_claim WHERE project_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR external_user_id = $3)
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [opts.projectId, opts.status ?? null, opts.externalUserId ?? null, opts.limit],
    )
  ).rows.map((r) => modelRow<RewardClaim>(r));
  const deliveries = claims.length
    ? (await pool().query<{ id: string; status: string; claimId: string }>(
        `SELECT id, status, claim_id AS "claimId" FROM webhook_delivery WHERE claim_id = ANY($1::uuid[]) AND kind = 'reward.eligible'`,
        [claims.map((c) => c.id)],
      )).rows
    : [];
  return { claims: claims.map((c) => serializeClaim(c, deliveries.find((d) => d.claimId === c.id) ?? null)) };
}

/** The claim and its campaign under the claim's row lock, or 404 (another project's claim included). */
export async function lockClaim(tx: TTx, projectId: string, claimId: string) {
  if (!isUuid(claimId)) throw new AppError("not_found", "Claim not found");
  const row = (await tx.query("SELECT * FROM reward_claim WHERE id = $1 AND project_id = $2 FOR UPDATE", [claimId, projectId])).rows[0];
  if (!row) throw new AppError("not_found", "Claim not found");
  const claim = modelRow<RewardClaim>(row);
  const campaign = modelRow<Campaign>((await tx.query("SELECT * FROM campaign WHERE id = $1", [claim.campaignId])).rows[0]!);
  const project = (await tx.query<{ webhook_url: string | null; webhook_lifecycle_events: boolean }>("SELECT webhook_url, webhook_lifecycle_events FROM project WHERE id = $1", [projectId])).rows[0]!;
  return { claim, campaign, project: { id: projectId, webhookUrl: project.webhook_url, lifecycleEvents: project.webhook_lifecycle_events } };
}

export function effectsClaim(c: RewardClaim) {
  return { id: c.id, externalUserId: c.externalUserId, idempotencyKey: c.idempotencyKey, runId: c.runId, mechanic: c.mechanic, levelNumber: c.levelNumber };
}

/** Admin release: a held or reviewed claim becomes deliverable (its webhook and notification are queued). */
export async function releaseClaim(opts: { accountId: string; projectId: string; claimId: string; reason?: string; requestId?: string }) {
  await findOwnedProject(opts);
  return withTransaction(async (tx) => {
    const { claim, campaign, project } = await lockClaim(tx, opts.projectId, opts.claimId);
    if (claim.status !== "held" && claim.status !== "review") {
      throw new AppError("conflict", `Only held or reviewed claims can be released; this one is ${claim.status}`, { details: { status: claim.status } });
    }
    const at = now();
    await tx.query("UPDATE reward_claim SET status = 'deliverable', hold_until = NULL, decided_by = $2, updated_at = $3 WHERE id = $1", [claim.id, `admin:${opts.accountId}`, at]);
    const { deliveryId } = await applyClaimState(tx, { project, campaign, claim: effectsClaim(claim), state: "deliverable", released: true, at, requestId: opts.requestId });
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "reward.claim_released", targetType: "reward_claim", targetId: claim.id, metadata: { from: claim.status, reason: opts.reason || null }, requestId: opts.requestId });
    return { claim_id: claim.id, status: "deliverable" as const, delivery_id: deliveryId };
  });
}

/** Admin reject: a held or reviewed claim is rejected (with an optional reason); it no longer counts toward the campaign's caps. */
export async function rejectClaim(opts: { accountId: string; projectId: string; claimId: string; reason?: string; requestId?: string }) {
  await findOwnedProject(opts);
  return withTransaction(async (tx) => {
    const { claim, campaign, project } = await lockClaim(tx, opts.projectId, opts.claimId);
    if (claim.status !== "held" && claim.status !== "review") {
      throw new AppError("conflict", `Only held or reviewed claims can be rejected; this one is ${claim.status}`, { details: { status: claim.status } });
    }
    const at = now();
    await tx.query("UPDATE reward_claim SET status = 'rejected', hold_until = NULL, reject_reason = $2, decided_by = $3, updated_at = $4 WHERE id = $1", [claim.id, opts.reason ?? null, `admin:${opts.accountId}`, at]);
    await uncountClaim(tx, { projectId: opts.projectId, campaignId: campaign.id, externalUserId: claim.externalUserId });
    await applyClaimState(tx, { project, campaign, claim: effectsClaim(claim), state: "rejected", at, requestId: opts.requestId });
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "reward.claim_rejected", targetType: "reward_claim", targetId: claim.id, metadata: { from: claim.status, reason: opts.reason ?? null }, requestId: opts.requestId });
    return { claim_id: claim.id, status: "rejected" as const };
  });
}
