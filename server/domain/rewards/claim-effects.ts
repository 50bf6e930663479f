import { randomUUID } from "node:crypto";
import type { TTx } from "@/server/db/tx";
import { recordEvents } from "@/server/domain/events/record-event";
import { rewardBody, type TWebhookKind } from "@/server/domain/webhooks/payload";
import { scheduleDelivery } from "@/server/domain/webhooks/schedule-delivery";

export type TClaimForEffects = { id: string; externalUserId: string; idempotencyKey: string; runId: string | null; mechanic: string | null; levelNumber: number | null };
export type TCampaignForEffects = { id: string; rewardType: string; rewardMetadata: unknown; triggerType: string; webhookUrl: string | null };
export type TProjectForEffects = { id: string; webhookUrl: string | null; lifecycleEvents: boolean };

/**
 * What follows a claim's state, written on the caller's transaction (the command's, the release
 * job's or an admin's): a deliverable claim gets its `reward.eligible` outbox row and job, and a
 * notification (queued only then); with lifecycle events on, `held`, `released` and `rejected`
 * get their webhooks too; every change is a `reward.*` event of the player.
 */
export async function applyClaimState(
  tx: TTx,
  opts: { project: TProjectForEffects; campaign: TCampaignForEffects; claim: TClaimForEffects; state: "deliverable" | "held" | "review" | "rejected"; released?: boolean; at: Date },
): Promise<{ deliveryId: string | null }> {
  const { project, campaign, claim, at } = opts;
  const target = campaign.webhookUrl ?? project.webhookUrl;
  const webhook = (kind: TWebhookKind) => scheduleDelivery(tx, { projectId: project.id, claimId: claim.id, targetUrl: target, body: rewardBody({ kind, projectId: project.id, campaign, claim, at }), at });
  let deliveryId: string | null = null;
  if (opts.state === "deliverable") {
    if (opts.released && project.lifecycleEvents) await webhook("reward.released");
    deliveryId = await webhook("reward.eligible");
    await tx.query(
      "INSERT INTO notification (id, project_id, kind, external_user_id, claim_id, payload, created_at) VALUES ($1, $2, 'reward.deliverable', $3, $4, $5::jsonb, $6)",
      [randomUUID(), project.id, claim.externalUserId, claim.id, JSON.stringify({ campaign_id: campaign.id, reward_type: campaign.rewardType }), at],
    );
  } else if (opts.state === "held" && project.lifecycleEvents) {
    await webhook("reward.held");
  } else if (opts.state === "rejected" && project.lifecycleEvents) {
    await webhook("reward.rejected");
  }
  await recordEvents(tx, [
    {
      projectId: project.id,
      externalUserId: claim.externalUserId,
      type: opts.state === "deliverable" ? (opts.released ? "reward.released" : "reward.granted") : `reward.${opts.state}`,
      source: "system",
      runId: claim.runId,
      payload: { claim_id: claim.id, campaign_id: campaign.id },
      at,
    },
  ]);
  return { deliveryId };
}
