import { pool } from "@/server/db/client";
import { withTransaction, type TTx } from "@/server/db/tx";
import { writeAudit } from "@/server/domain/identity";
import { NO_ADDRESS, playerFacts, resolveFraudConfig, scoreClaim, type TAddressHashes } from "@/server/domain/trust";
import type { TFraudSignals } from "@/server/domain/trust";
import { logger } from "@/server/logging/logger";
import { now } from "@/server/lib/clock";
import { applyClaimState } from "./claim-effects";
import { effectsClaim, lockClaim } from "./admin-claims";

/** A won run's facts for the gate (its timing and replay verdict) and its start address: the play context's (gameplay/play/run-evidence.ts). */
export type TRunEvidence = (tx: TTx, runId: string) => Promise<{ facts: NonNullable<TFraudSignals["run"]>; address: TAddressHashes } | null>;

/**
 * The release job: every held claim whose `hold_until` has passed is scored again with fresh
 * signals (flags resolved meanwhile, the player's current manual status). Below the project's hold
 * threshold it becomes deliverable (webhook and notification queued); still elevated, it goes to
 * review; an error leaves it held for the next run. Each claim is its own transaction.
 */
export async function releaseHeldClaims(opts: { runEvidence: TRunEvidence; limit?: number }): Promise<{ released: number; reviewed: number; failed: number }> {
  const at = now();
  const { rows } = await pool().query<{ id: string; project_id: string }>(
    "SELECT id, project_id FROM reward_claim WHERE status = 'held' AND hold_until <= $1 ORDER BY hold_until LIMIT $2",
    [at, opts.limit ?? 500],
  );
  const result = { released: 0, reviewed: 0, failed: 0 };
  for (const r of rows) {
    try {
      const outcome = await releaseOne(r.project_id, r.id, opts.runEvidence);
      if (outcome === "deliverable") result.released++;
      else if (outcome === "review") result.reviewed++;
    } catch (e) {
      result.failed++;
      logger().error({ err: e, claim_id: r.id }, "held claim could not be processed; it stays held");
    }
  }
  return result;
}

async function releaseOne(projectId: string, claimId: string, runEvidence: TRunEvidence): Promise<"deliverable" | "review" | null> {
  return withTransaction(async (tx) => {
    const { claim, campaign, project } = await lockClaim(tx, projectId, claimId);
    const at = now();
    if (claim.status !== "held" || !claim.holdUntil || claim.holdUntil > at) return null; // decided meanwhile
    const p = (await tx.query<{ fraud_config: unknown }>("SELECT fraud_config FROM project WHERE id = $1", [projectId])).rows[0]!;
    const config = resolveFraudConfig(p.fraud_config);
    const run = claim.runId ? await runEvidence(tx, claim.runId) : null;
    const facts = await playerFacts(tx, { projectId, externalUserId: claim.externalUserId, address: run?.address ?? NO_ADDRESS, at });
    // The player's other claims of the last hour: the claim itself is among them only while it is
    // less than an hour old (a hold of an hour or more, the default, has taken it out).
    const selfCounted = claim.createdAt.getTime() > at.getTime() - 3_600_000 ? 1 : 0;
    const gate = scoreClaim(
      { subjectType: "verified", run: run?.facts ?? null, playersSameAddress24h: facts.playersSameAddress24h, unresolvedFlags7d: facts.unresolvedFlags7d, claimsLastHour: Math.max(0, facts.claimsLastHour - selfCounted) },
      config,
      facts.manual,
      at,
    );
    const next = gate.score < config.thresholds.hold && gate.decision !== "reject" && gate.decision !== "review" ? "deliverable" : "review";
    await tx.query("UPDATE reward_claim SET status = $2, hold_until = NULL, risk_score = $3, risk_reasons = $4::jsonb, decided_by = 'release_job', updated_at = $5 WHERE id = $1", [
      claim.id, next, gate.score, JSON.stringify(gate.reasons), at,
    ]);
    if (next === "deliverable") await applyClaimState(tx, { project, campaign, claim: effectsClaim(claim), state: "deliverable", released: true, at });
    else await applyClaimState(tx, { project, campaign, claim: effectsClaim(claim), state: "review", at });
    await writeAudit({ tx, at, projectId, action: next === "deliverable" ? "reward.claim_released" : "reward.claim_to_review", targetType: "reward_claim", targetId: claim.id, metadata: { by: "release_job", risk_score: gate.score } });
    return next;
  });
}
