import type { TBatch } from "@/server/db/batch";
import type { TTriggerEvent } from "@/server/domain/money/campaigns/triggers/define";
import { NO_ADDRESS, raiseFraudFlag, type TAddressHashes } from "@/server/domain/trust";
import type { TFraudSignals } from "@/server/domain/trust";
import type { TRecordedCommand } from "@/games/types";
import { sendClaim, sendClaimReads, type TClaimReads } from "./claim-store";
import { decideClaims, matchCampaigns, type TClaimStatus } from "./decide-claims";
import { rewardClaims } from "@/server/metrics/prometheus";

export type TClaimOutcome = { claimId: string; campaignId: string; status: TClaimStatus; deliveryId: string | null };

/**
 * Turns a trigger event into reward claims, inside the caller's transaction (the command's for a
 * won run, the event's for a streak), so the command, its result and its claims commit or roll
 * back together. Under a lock on this project and player (one player's concurrent claims are
 * serialised, other players' are not): the reads (claim-store.ts), the decision — matching
 * campaigns, eligibility, the fraud gate, the keys (decide-claims.ts) —, then every claim's one
 * statement at once (none depends on another's answer) and the gate's flags for the claims that
 * were made. A repeat key is a no-op by unique constraint. `free_play` projects and anonymous
 * players create no claims.
 *
 * Lock order: a verified player's move takes this lock before its track progress and run
 * (apply-command), so nothing holding those waits for it, and a claim decision and a move never
 * wait on each other. A streak event takes it after its streak snapshot, which no move locks.
 */
export async function createClaims(
  batch: TBatch,
  event: TTriggerEvent,
  ctx: {
    subjectType: "verified" | "anonymous";
    /** A won run's facts for the fraud gate: its stored commands (read), then what they show (the replay, only when a campaign matches). */
    run?: { commands: () => Promise<TRecordedCommand[]>; facts: (commands: TRecordedCommand[]) => Promise<NonNullable<TFraudSignals["run"]>> };
    /** The won run's start address (its network's and full address's hashes). */
    address?: TAddressHashes;
    clientIdempotencyKey?: string | null;
    /** The request that caused the event: its outbox rows carry it to the delivery worker's log lines. */
    requestId?: string | null;
    /** This decision's reads when the caller sent them ahead (sendClaimReads, for the same event time and run). */
    reads?: TClaimReads;
  },
): Promise<TClaimOutcome[]> {
  if (ctx.subjectType !== "verified") return [];
  if (ctx.reads && ctx.reads.at.getTime() !== event.at.getTime()) throw new Error("claim reads were sent for another event time");
  const reads = ctx.reads ?? sendClaimReads(batch, { source: event.source, projectId: event.projectId, externalUserId: event.externalUserId, at: event.at, address: ctx.address ?? NO_ADDRESS, commands: ctx.run?.commands });
  const project = await reads.read;
  await reads.lock;
  const matched = matchCampaigns(project, event);
  if (!project || matched.length === 0) return [];
  const player = await reads.facts;
  const run = ctx.run && reads.commands ? await ctx.run.facts(await reads.commands) : null;
  const signals: TFraudSignals = { subjectType: ctx.subjectType, run, playersSameAddress24h: player.playersSameAddress24h, unresolvedFlags7d: player.unresolvedFlags7d, claimsLastHour: player.claimsLastHour };
  const { claims, flags } = decideClaims({ matched, event, fraudConfig: project.fraudConfig, manual: player.manual, signals });
  const sent = claims.map((claim) => sendClaim(batch, { event, project, claim, clientIdempotencyKey: ctx.clientIdempotencyKey ?? null, requestId: ctx.requestId }));
  // With nothing to decide after them (no fraud flag to raise), the COMMIT goes with them.
  const all = Promise.all(sent.map((c) => c.made));
  await (sent.length > 0 && flags.length === 0 ? batch.commitWith(all) : all);
  const outcomes: TClaimOutcome[] = [];
  for (const [i, c] of sent.entries()) {
    const id = await c.made;
    if (!id) continue; // not made: this grant exists already, or the campaign sold out or paused meanwhile
    // A flag names its claim, so it is raised only for a claim that was made (rare: the statements above then commit normally).
    for (const flag of flags) {
      await raiseFraudFlag({ tx: batch.tx, projectId: event.projectId, externalUserId: event.externalUserId, kind: flag.kind, details: { ...flag.details, claim_id: id } });
    }
    outcomes.push({ claimId: id, campaignId: claims[i]!.campaign.id, status: claims[i]!.status, deliveryId: c.deliveryId });
    rewardClaims.inc({ status: claims[i]!.status });
  }
  return outcomes;
}
