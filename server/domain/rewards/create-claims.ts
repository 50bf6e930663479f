import { randomUUID } from "node:crypto";
import type { Campaign } from "@/server/db/generated/prisma/client";
import { modelRow } from "@/server/db/rows";
import { sentAhead, type TTx } from "@/server/db/tx";
import type { TTriggerEvent, TTriggerMatch } from "@/server/domain/campaigns/triggers/define";
import { triggersFor } from "@/server/domain/campaigns/triggers/registry";
import { resolveFraudConfig } from "@/server/domain/fraud/config";
import { scoreClaim, type TDecision, type TGateResult } from "@/server/domain/fraud/gate";
import { raiseFraudFlag } from "@/server/domain/fraud/raise-flag";
import type { TFraudSignals } from "@/server/domain/fraud/rules/define";
import { playerFacts } from "@/server/domain/fraud/signals";
import type { TRunCommand } from "./verify-run";
import { applyClaimState } from "./claim-effects";
import { claimIdempotencyKey } from "./idempotency-key";

export type TClaimOutcome = { claimId: string; campaignId: string; status: "deliverable" | "held" | "review" | "rejected"; deliveryId: string | null };

const STATE: Record<TDecision, TClaimOutcome["status"]> = { deliver: "deliverable", hold: "held", review: "review", reject: "rejected" };

type TProjectRow = { game_mode: string; fraud_config: unknown; webhook_url: string | null; webhook_lifecycle_events: boolean };

/**
 * Turns a trigger event into reward claims, inside the caller's transaction (the command's for a
 * won run, the event's for a streak), so the command, its result and its claims commit or roll
 * back together. Under a lock on this project and player (one player's concurrent claims are
 * serialised, other players' are not), for every active campaign whose trigger matches:
 * eligibility (per-player cap, cooldown; the campaign total counted atomically with the claim),
 * the server-built idempotency key (a repeat is a no-op by unique constraint),
 * the fraud value gate, the claim, its flags, its audit entry, its event and — when deliverable —
 * its webhook outbox row and job. `free_play` projects and anonymous players create no claims.
 */
export async function createClaims(
  tx: TTx,
  event: TTriggerEvent,
  ctx: {
    subjectType: "verified" | "anonymous";
    /** A won run's facts for the fraud gate: its stored commands (read), then what they show (the replay, only when a campaign matches). */
    run?: { commands: () => Promise<TRunCommand[]>; facts: (commands: TRunCommand[]) => Promise<NonNullable<TFraudSignals["run"]>> };
    clientIpHash?: string | null;
    clientIdempotencyKey?: string | null;
  },
): Promise<TClaimOutcome[]> {
  if (ctx.subjectType !== "verified") return [];
  const triggers = triggersFor(event.source);
  // One round trip (sent together; the server runs them in order): the transaction-scoped lock on
  // this project and player, then — in a fresh snapshot taken once the lock is granted, so it sees
  // every earlier claim of this player — the project's settings and its live campaigns for these
  // triggers, each with the player's own claim count and last claim (per-player cap and cooldown).
  const active = `c.status = 'active' AND c.trigger_type = ANY($2) AND (c.starts_at IS NULL OR c.starts_at <= $3) AND (c.ends_at IS NULL OR c.ends_at > $3)`;
  const lock = sentAhead(tx.query("SELECT pg_advisory_xact_lock(hashtextextended('claim:' || $1 || ':' || $2, 0))", [event.projectId, event.externalUserId]));
  const read = tx.query<TProjectRow & { campaigns: Array<Record<string, unknown> & { mine_n: number; mine_last: string | null }> | null }>(
    `SELECT p.game_mode, p.fraud_config, p.webhook_url, p.webhook_lifecycle_events,
            (SELECT jsonb_agg(to_jsonb(c) || jsonb_build_object('mine_n', m.n, 'mine_last', m.last) ORDER BY c.id)
               FROM campaign c
               CROSS JOIN LATERAL (SELECT count(*)::int AS n, max(r.created_at) AS last FROM reward_claim r
                                    WHERE r.campaign_id = c.id AND r.external_user_id = $4 AND r.status <> 'rejected') m
              WHERE c.project_id = p.id AND ${active}) AS campaigns
       FROM project p WHERE p.id = $1`,
    [event.projectId, triggers.map((t) => t.type), event.at, event.externalUserId],
  );
  // The fraud gate's reads go out in the same round trip: most such events in a project with
  // campaigns make a claim; when none does, two reads were spent, never the run's replay.
  // Awaited only when a campaign matches; else the transaction goes on without them.
  const facts = sentAhead(playerFacts(tx, { projectId: event.projectId, externalUserId: event.externalUserId, clientIpHash: ctx.clientIpHash ?? null, at: event.at }));
  const commands = ctx.run ? sentAhead(ctx.run.commands()) : null;
  const { rows } = await read;
  await lock;
  const project = rows[0];
  if (!project || project.game_mode === "free_play" || !project.campaigns) return [];
  const matched = project.campaigns.flatMap((r) => {
    const campaign = modelRow<Campaign>(r);
    const match = matchOf(campaign, event, triggers);
    return match ? [{ campaign, match, mine: { n: r.mine_n, last: r.mine_last ? new Date(r.mine_last) : null } }] : [];
  });
  if (matched.length === 0) return [];
  const config = resolveFraudConfig(project.fraud_config);
  const player = await facts;
  const run = ctx.run && commands ? await ctx.run.facts(await commands) : null;
  const signals: TFraudSignals = { subjectType: ctx.subjectType, run, playersSameAddress24h: player.playersSameAddress24h, unresolvedFlags7d: player.unresolvedFlags7d, claimsLastHour: player.claimsLastHour };
  const gate = scoreClaim(signals, config, player.manual, event.at);
  const outcomes: TClaimOutcome[] = [];
  for (const { campaign, match, mine } of matched) {
    const key = claimIdempotencyKey(campaign, event.externalUserId, match);
    if (!eligible(campaign, mine, event.at)) continue;
    const outcome = await insertClaim(tx, { event, campaign, match, key, gate, clientIdempotencyKey: ctx.clientIdempotencyKey ?? null, project });
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}

function matchOf(c: Campaign, event: TTriggerEvent, triggers: ReturnType<typeof triggersFor>): TTriggerMatch | null {
  const trigger = triggers.find((t) => t.type === c.triggerType);
  if (!trigger) return null;
  const params = trigger.params.safeParse(c.triggerParams);
  return params.success ? trigger.match(event, params.data) : null;
}

/** Per-player cap, campaign total (checked again atomically by the claim's count) and cooldown. Rejected claims count toward none of them. */
function eligible(c: Campaign, mine: { n: number; last: Date | null }, at: Date): boolean {
  if (c.maxTotal !== null && c.claimsCount >= c.maxTotal) return false;
  if (mine.n >= c.maxPerUser) return false;
  if (c.cooldownSeconds > 0 && mine.last && at.getTime() - new Date(mine.last).getTime() < c.cooldownSeconds * 1000) return false;
  return true;
}

async function insertClaim(
  tx: TTx,
  o: { event: TTriggerEvent; campaign: Campaign; match: TTriggerMatch; key: string; gate: TGateResult; clientIdempotencyKey: string | null; project: TProjectRow },
): Promise<TClaimOutcome | null> {
  const { event, campaign, match, gate } = o;
  const id = randomUUID();
  const status = STATE[gate.decision];
  // A counted claim (any but a rejected one) is made only if it fits the campaign's total and the
  // campaign is still active. That count is the claim's last statement, sent together with its
  // outbox row and job, so the campaign row — the one row every claim of the campaign updates —
  // stays locked for one round trip and the commit, not for the claim's writes too (under load
  // that held every other winner of the campaign in a queue: a win with a claim took 3.7× one
  // without). When the count refuses, the claim and all it wrote roll back to the savepoint taken
  // before it (sent with the insert).
  const counted = status !== "rejected";
  const savepoint = `claim_${campaign.id.replace(/-/g, "")}`;
  const saved = counted ? sentAhead(tx.query(`SAVEPOINT ${savepoint}`)) : null;
  // The claim and its audit entry: one statement. A claim already made for this key (this
  // player's claims are serialised, so the check sees it) is not made again.
  const inserted = await tx.query(
    `WITH c AS (
       INSERT INTO reward_claim (id, project_id, campaign_id, external_user_id, trigger, run_id, mechanic, level_number, level_id, idempotency_key,
                                 client_idempotency_key, status, risk_score, risk_reasons, hold_until, decided_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, 'gate', $16, $16)
       ON CONFLICT (project_id, idempotency_key) DO NOTHING RETURNING id)
     INSERT INTO audit_log (project_id, action, target_type, target_id, metadata, created_at)
     SELECT $2, 'reward.claim_created', 'reward_claim', c.id::text, $17::jsonb, $16 FROM c
     RETURNING target_id`,
    [id, event.projectId, campaign.id, event.externalUserId, campaign.triggerType, match.runId ?? null, match.mechanic ?? null, match.levelNumber ?? null,
      match.levelId ?? null, o.key, o.clientIdempotencyKey, status, gate.score, JSON.stringify(gate.reasons), gate.holdUntil, event.at,
      JSON.stringify({ campaign_id: campaign.id, decision: gate.decision, risk_score: gate.score, reasons: gate.reasons })],
  );
  await saved;
  if (inserted.rowCount === 0) return null; // this grant exists already: never twice
  for (const flag of gate.flags) {
    await raiseFraudFlag({ tx, projectId: event.projectId, externalUserId: event.externalUserId, kind: flag.kind, details: { ...flag.details, claim_id: id } });
  }
  const effects = applyClaimState(tx, {
    project: { id: event.projectId, webhookUrl: o.project.webhook_url, lifecycleEvents: o.project.webhook_lifecycle_events },
    campaign,
    claim: { id, externalUserId: event.externalUserId, idempotencyKey: o.key, runId: match.runId ?? null, mechanic: match.mechanic ?? null, levelNumber: match.levelNumber ?? null },
    state: status,
    at: event.at,
  });
  // The count goes out with the claim's outbox row and job, last of its statements.
  // Awaited below, unless the effects failed first (then the transaction rolls back).
  const count = counted
    ? sentAhead(tx.query("UPDATE campaign SET claims_count = claims_count + 1 WHERE id = $1 AND status = 'active' AND (max_total IS NULL OR claims_count < max_total) RETURNING id", [campaign.id]))
    : null;
  const { deliveryId } = await effects;
  if (count && (await count).rowCount === 0) {
    await tx.query(`ROLLBACK TO SAVEPOINT ${savepoint}`); // sold out (or paused) meanwhile: no claim
    return null;
  }
  return { claimId: id, campaignId: campaign.id, status, deliveryId };
}
