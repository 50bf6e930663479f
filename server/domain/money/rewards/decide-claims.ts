import type { TTriggerEvent, TTriggerMatch } from "@/server/domain/money/campaigns/triggers/define";
import { triggersFor } from "@/server/domain/money/campaigns/triggers/registry";
// trust's entry for deciders (index.ts would bring the database with it)
import { resolveFraudConfig, scoreClaim, type TDecision, type TFraudSignals, type TGateResult, type TManualState } from "@/server/domain/trust/scoring";
import { claimIdempotencyKey } from "./idempotency-key";

/**
 * The rules of a claim decision, as pure functions of what claim-store.ts loaded: which campaigns
 * a trigger event matches, which of them the player is still eligible for, what the fraud gate
 * decides and under which idempotency key each claim is made. No connection, no clock but the
 * event's time. create-claims.ts loads the facts, asks these, and writes what they return.
 */

/** The project as a claim decision reads it. */
export type TClaimProject = { gameMode: string; fraudConfig: unknown; webhookUrl: string | null; lifecycleEvents: boolean };

/** A live campaign for the event's triggers, with this player's own claims on it (rejected ones not counted). */
export type TClaimCampaign = {
  id: string;
  triggerType: string;
  triggerParams: unknown;
  rewardType: string;
  rewardMetadata: unknown;
  maxPerUser: number;
  maxTotal: number | null;
  cooldownSeconds: number;
  webhookUrl: string | null;
  claimsCount: number;
  mineCount: number;
  /** The player's last claim on it (ISO time), or null. */
  mineLast: string | null;
};

export type TClaimStatus = "deliverable" | "held" | "review" | "rejected";

/** A claim to make: the campaign, what the trigger matched, the server-built key, the gate's verdict and the state it gives. */
export type TPlannedClaim = { campaign: TClaimCampaign; match: TTriggerMatch; key: string; gate: TGateResult; status: TClaimStatus };

const STATE: Record<TDecision, TClaimStatus> = { deliver: "deliverable", hold: "held", review: "review", reject: "rejected" };

/** The campaigns whose trigger matches the event. A `free_play` project (or no project, or none live) matches none. */
export function matchCampaigns(project: (TClaimProject & { campaigns: TClaimCampaign[] | null }) | undefined, event: TTriggerEvent): Array<{ campaign: TClaimCampaign; match: TTriggerMatch }> {
  if (!project || project.gameMode === "free_play" || !project.campaigns) return [];
  const triggers = triggersFor(event.source);
  return project.campaigns.flatMap((campaign) => {
    const trigger = triggers.find((t) => t.type === campaign.triggerType);
    if (!trigger) return [];
    const params = trigger.parseParams(campaign.triggerParams);
    const match = params.success ? trigger.match(event, params.data) : null;
    return match ? [{ campaign, match }] : [];
  });
}

/** Per-player cap, campaign total (checked again atomically by the claim's own statement) and cooldown. */
function eligible(c: TClaimCampaign, at: Date): boolean {
  if (c.maxTotal !== null && c.claimsCount >= c.maxTotal) return false;
  if (c.mineCount >= c.maxPerUser) return false;
  if (c.cooldownSeconds > 0 && c.mineLast && at.getTime() - new Date(c.mineLast).getTime() < c.cooldownSeconds * 1000) return false;
  return true;
}

/**
 * The claims to make for matched campaigns: the fraud value gate scores the player once (one
 * verdict for every claim of this event), each eligible campaign gets a claim in the state the
 * verdict gives, under its server-built idempotency key. `flags`: what the gate raises, once per
 * claim that is made.
 */
export function decideClaims(f: {
  matched: Array<{ campaign: TClaimCampaign; match: TTriggerMatch }>;
  event: Pick<TTriggerEvent, "externalUserId" | "at">;
  fraudConfig: unknown;
  manual: TManualState | null;
  signals: TFraudSignals;
}): { claims: TPlannedClaim[]; flags: TGateResult["flags"] } {
  const gate = scoreClaim(f.signals, resolveFraudConfig(f.fraudConfig), f.manual, f.event.at);
  const claims = f.matched
    .filter(({ campaign }) => eligible(campaign, f.event.at))
    .map(({ campaign, match }) => ({ campaign, match, key: claimIdempotencyKey(campaign, f.event.externalUserId, match), gate, status: STATE[gate.decision] }));
  return { claims, flags: gate.flags };
}
