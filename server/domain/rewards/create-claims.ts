import { randomUUID } from "node:crypto";
import type { Campaign } from "@/server/db/generated/prisma/client";
import { modelRow } from "@/server/db/rows";
import { sentAhead, type TAndCommit, type TTx } from "@/server/db/tx";
import { CAMPAIGN_CAPS_LOCK_SHARED, stripeOf } from "@/server/domain/campaigns/campaign-count";
import type { TTriggerEvent, TTriggerMatch } from "@/server/domain/campaigns/triggers/define";
import { triggersFor } from "@/server/domain/campaigns/triggers/registry";
import { NO_ADDRESS, type TAddressHashes } from "@/server/domain/fraud/address-keys";
import { resolveFraudConfig } from "@/server/domain/fraud/config";
import { scoreClaim, type TDecision, type TGateResult } from "@/server/domain/fraud/gate";
import { raiseFraudFlag } from "@/server/domain/fraud/raise-flag";
import type { TFraudSignals } from "@/server/domain/fraud/rules/define";
import { playerFacts } from "@/server/domain/fraud/signals";
import type { TRunCommand } from "./verify-run";
import { claimStateRows } from "./claim-effects";
import { claimIdempotencyKey } from "./idempotency-key";

export type TClaimOutcome = { claimId: string; campaignId: string; status: "deliverable" | "held" | "review" | "rejected"; deliveryId: string | null };

const STATE: Record<TDecision, TClaimOutcome["status"]> = { deliver: "deliverable", hold: "held", review: "review", reject: "rejected" };

type TProjectRow = { game_mode: string; fraud_config: unknown; webhook_url: string | null; webhook_lifecycle_events: boolean };

/**
 * The claim lock's statement: one player's claims in one project are decided one at a time; and
 * the project's campaign-cap lock, shared: a cap given to or taken from a campaign (which takes it
 * exclusively, see campaign-count.ts) waits for every claim decision in flight, and the decisions
 * after it see the new cap, so a claim counts on the campaign's row or on its stripes, never on
 * the wrong side of a cap change.
 */
export const CLAIM_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtextextended('claim:' || $1 || ':' || $2, 0)), ${CAMPAIGN_CAPS_LOCK_SHARED}`;

/**
 * CLAIM_LOCK_SQL for this project and player, as a prepared statement. The claim path's statements
 * (this, the campaigns read, the fraud gate's facts, the run's commands, the claim statement) are
 * prepared once per connection, by name: their texts are constant (the claim statement's effects
 * are numbered from a fixed offset), and PostgreSQL otherwise parsed and planned each of them on
 * every winning command. A name must never be given to two texts (the driver refuses that).
 */
export function claimLock(projectId: string, externalUserId: string) {
  return { name: "claim_lock", text: CLAIM_LOCK_SQL, values: [projectId, externalUserId] };
}

type TCampaignRead = TProjectRow & { campaigns: Array<Record<string, unknown> & { mine_n: number; mine_last: string | null }> | null };

/** A claim decision's reads, sent (sendClaimReads) and not yet awaited. */
export type TClaimReads = {
  at: Date;
  lock: Promise<unknown>;
  read: Promise<{ rows: TCampaignRead[] }>;
  facts: Promise<Awaited<ReturnType<typeof playerFacts>>>;
  commands: Promise<TRunCommand[]> | null;
};

/**
 * A claim decision's first round trip, sent together (the server runs them in order): the
 * transaction-scoped lock on this project and player, then — in a fresh snapshot taken once the
 * lock is granted, so it sees every earlier claim of this player — the project's settings and its
 * live campaigns for the event's triggers at `at`, each with the player's own claim count and last
 * claim (per-player cap and cooldown); the fraud gate's reads; and a won run's stored commands.
 * createClaims sends them itself; a winning move that knows it wins before its locked read sends
 * them with that read (apply-command), so the decision costs no round trip of its own.
 */
export function sendClaimReads(
  tx: TTx,
  o: {
    source: TTriggerEvent["source"];
    projectId: string;
    externalUserId: string;
    at: Date;
    address: TAddressHashes;
    commands?: () => Promise<TRunCommand[]>;
    /** The caller sent CLAIM_LOCK_SQL already, ahead of its own locks. */
    lockHeld?: boolean;
  },
): TClaimReads {
  const triggers = triggersFor(o.source);
  const active = `c.status = 'active' AND c.trigger_type = ANY($2) AND (c.starts_at IS NULL OR c.starts_at <= $3) AND (c.ends_at IS NULL OR c.ends_at > $3)`;
  const lock = o.lockHeld ? Promise.resolve() : sentAhead(tx.query(claimLock(o.projectId, o.externalUserId)));
  const read = sentAhead(
    tx.query<TCampaignRead>({
      name: "claim_campaigns", // prepared: see claimLock
      text: `SELECT p.game_mode, p.fraud_config, p.webhook_url, p.webhook_lifecycle_events,
              (SELECT jsonb_agg(to_jsonb(c) || jsonb_build_object('mine_n', m.n, 'mine_last', m.last) ORDER BY c.id)
                 FROM campaign c
                 CROSS JOIN LATERAL (SELECT count(*)::int AS n, max(r.created_at) AS last FROM reward_claim r
                                      WHERE r.campaign_id = c.id AND r.external_user_id = $4 AND r.status <> 'rejected') m
                WHERE c.project_id = p.id AND ${active}) AS campaigns
         FROM project p WHERE p.id = $1`,
      values: [o.projectId, triggers.map((t) => t.type), o.at, o.externalUserId],
    }),
  );
  // The fraud gate's reads go out in the same round trip: most such events in a project with
  // campaigns make a claim; when none does, two reads were spent, never the run's replay.
  // Awaited only when a campaign matches; else the transaction goes on without them.
  const facts = sentAhead(playerFacts(tx, { projectId: o.projectId, externalUserId: o.externalUserId, address: o.address, at: o.at }));
  const commands = o.commands ? sentAhead(o.commands()) : null;
  return { at: o.at, lock, read, facts, commands };
}

/**
 * Turns a trigger event into reward claims, inside the caller's transaction (the command's for a
 * won run, the event's for a streak), so the command, its result and its claims commit or roll
 * back together. Under a lock on this project and player (one player's concurrent claims are
 * serialised, other players' are not), for every active campaign whose trigger matches:
 * eligibility (per-player cap, cooldown; the campaign total counted atomically with the claim),
 * the server-built idempotency key (a repeat is a no-op by unique constraint),
 * the fraud value gate, the claim, its flags, its audit entry, its event and — when deliverable —
 * its webhook outbox row (the delivery's job: the workers lease it, see deliver.ts). `free_play` projects and anonymous players create no claims.
 *
 * Lock order: a verified player's move takes this lock before its track progress and run
 * (apply-command), so nothing holding those waits for it, and a claim decision and a move never
 * wait on each other. A streak event takes it after its streak snapshot, which no move locks.
 */
export async function createClaims(
  tx: TTx,
  event: TTriggerEvent,
  ctx: {
    subjectType: "verified" | "anonymous";
    /** A won run's facts for the fraud gate: its stored commands (read), then what they show (the replay, only when a campaign matches). */
    run?: { commands: () => Promise<TRunCommand[]>; facts: (commands: TRunCommand[]) => Promise<NonNullable<TFraudSignals["run"]>> };
    /** The won run's start address (its network's and full address's hashes). */
    address?: TAddressHashes;
    clientIdempotencyKey?: string | null;
    /** The caller's andCommit, when the claims are the last step of its transaction: the last claim's statements go out with the COMMIT. */
    andCommit?: TAndCommit;
    /** This decision's reads when the caller sent them ahead (sendClaimReads, for the same event time and run). */
    reads?: TClaimReads;
  },
): Promise<TClaimOutcome[]> {
  if (ctx.subjectType !== "verified") return [];
  if (ctx.reads && ctx.reads.at.getTime() !== event.at.getTime()) throw new Error("claim reads were sent for another event time");
  const triggers = triggersFor(event.source);
  const reads = ctx.reads ?? sendClaimReads(tx, { source: event.source, projectId: event.projectId, externalUserId: event.externalUserId, at: event.at, address: ctx.address ?? NO_ADDRESS, commands: ctx.run?.commands });
  const { rows } = await reads.read;
  await reads.lock;
  const facts = reads.facts;
  const commands = reads.commands;
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
  const claims = matched.filter(({ campaign, mine }) => eligible(campaign, mine, event.at));
  // Every claim's statement goes out at once (none depends on another's answer); with nothing to
  // decide after them (no fraud flag to raise), the COMMIT goes with them.
  const sent = claims.map(({ campaign, match }) =>
    sendClaim(tx, { event, campaign, match, key: claimIdempotencyKey(campaign, event.externalUserId, match), gate, clientIdempotencyKey: ctx.clientIdempotencyKey ?? null, project }),
  );
  const all = Promise.all(sent.map((c) => c.made));
  await (sent.length > 0 && gate.flags.length === 0 && ctx.andCommit ? ctx.andCommit(all) : all);
  const outcomes: TClaimOutcome[] = [];
  for (const [i, c] of sent.entries()) {
    const id = await c.made;
    if (!id) continue; // not made: this grant exists already, or the campaign sold out or paused meanwhile
    // A flag names its claim, so it is raised only for a claim that was made (rare: the statements above then commit normally).
    for (const flag of gate.flags) {
      await raiseFraudFlag({ tx, projectId: event.projectId, externalUserId: event.externalUserId, kind: flag.kind, details: { ...flag.details, claim_id: id } });
    }
    outcomes.push({ claimId: id, campaignId: claims[i]!.campaign.id, status: c.status, deliveryId: c.deliveryId });
  }
  return outcomes;
}

function matchOf(c: Campaign, event: TTriggerEvent, triggers: ReturnType<typeof triggersFor>): TTriggerMatch | null {
  const trigger = triggers.find((t) => t.type === c.triggerType);
  if (!trigger) return null;
  const params = trigger.parseParams(c.triggerParams);
  return params.success ? trigger.match(event, params.data) : null;
}

/** Per-player cap, campaign total (checked again atomically by the claim's count) and cooldown. Rejected claims count toward none of them. */
function eligible(c: Campaign, mine: { n: number; last: Date | null }, at: Date): boolean {
  if (c.maxTotal !== null && c.claimsCount >= c.maxTotal) return false;
  if (mine.n >= c.maxPerUser) return false;
  if (c.cooldownSeconds > 0 && mine.last && at.getTime() - new Date(mine.last).getTime() < c.cooldownSeconds * 1000) return false;
  return true;
}

/**
 * One claim in one statement: its count toward the campaign's total (a counted claim — any but a
 * rejected one — is made only while the campaign is active and has room; the count is exact, the
 * campaign row's latest version is checked under its lock), the claim, its audit entry, and what its
 * state causes (outbox rows, notification, event), each only when the claim is made. A claim
 * already made for this key (this player's claims are serialised, so the statement sees it) is
 * neither counted nor made again. The campaign row — the one row every claim of the campaign
 * updates — is locked from this statement to the COMMIT, which the caller sends right behind it
 * (under load that lock held across round trips queued every other winner of the campaign).
 * The delivery workers are woken once the transaction commits (for nothing, when the claim was not made).
 */
function sendClaim(
  tx: TTx,
  o: { event: TTriggerEvent; campaign: Campaign; match: TTriggerMatch; key: string; gate: TGateResult; clientIdempotencyKey: string | null; project: TProjectRow },
): { made: Promise<string | null>; status: TClaimOutcome["status"]; deliveryId: string | null } {
  const { event, campaign, match, gate } = o;
  const id = randomUUID();
  const status = STATE[gate.decision];
  const claim = { id, externalUserId: event.externalUserId, idempotencyKey: o.key, runId: match.runId ?? null, mechanic: match.mechanic ?? null, levelNumber: match.levelNumber ?? null };
  const values: unknown[] = [
    id, event.projectId, campaign.id, event.externalUserId, campaign.triggerType, match.runId ?? null, match.mechanic ?? null, match.levelNumber ?? null,
    match.levelId ?? null, o.key, o.clientIdempotencyKey, status, gate.score, JSON.stringify(gate.reasons), gate.holdUntil, event.at,
    JSON.stringify({ campaign_id: campaign.id, decision: gate.decision, risk_score: gate.score, reasons: gate.reasons }), status !== "rejected",
  ];
  const effects = claimStateRows(
    { project: { id: event.projectId, webhookUrl: o.project.webhook_url, lifecycleEvents: o.project.webhook_lifecycle_events }, campaign, claim, state: status, at: event.at },
    "new_claim",
    values.length,
  );
  // The repeat checks below name the player as well as the key (every key names its player): a
  // generic plan made before reward_claim had statistics then still reads only this player's
  // claims, never the project's (docs/performance-log.md, 2026-11-27 midday).
  const made = tx
    .query<{ id: string }>({
      name: "claim_insert", // prepared: see claimLock
      text: `WITH counted AS (
         UPDATE campaign SET claims_count = claims_count + 1
          WHERE $18::boolean AND id = $3::uuid AND status = 'active' AND max_total IS NOT NULL AND claims_count < max_total
            AND NOT EXISTS (SELECT 1 FROM reward_claim WHERE project_id = $2::uuid AND external_user_id = $4::text AND idempotency_key = $10::text)
          RETURNING id),
       striped AS (
         INSERT INTO campaign_claim_count (campaign_id, stripe, claims)
         SELECT id, ${stripeOf("$4::text")}, 1 FROM campaign
          WHERE $18::boolean AND id = $3::uuid AND status = 'active' AND max_total IS NULL
            AND NOT EXISTS (SELECT 1 FROM reward_claim WHERE project_id = $2::uuid AND external_user_id = $4::text AND idempotency_key = $10::text)
         ON CONFLICT (campaign_id, stripe) DO UPDATE SET claims = campaign_claim_count.claims + 1
         RETURNING campaign_id),
       new_claim AS (
         INSERT INTO reward_claim (id, project_id, campaign_id, external_user_id, trigger, run_id, mechanic, level_number, level_id, idempotency_key,
                                   client_idempotency_key, status, risk_score, risk_reasons, hold_until, decided_by, created_at, updated_at)
         SELECT $1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, $6::uuid, $7::text, $8::int, $9::text, $10::text, $11::text, $12::text, $13::int, $14::jsonb,
                $15::timestamptz, 'gate', $16::timestamptz, $16::timestamptz
          WHERE NOT $18::boolean OR EXISTS (SELECT 1 FROM counted) OR EXISTS (SELECT 1 FROM striped)
         ON CONFLICT (project_id, idempotency_key) DO NOTHING RETURNING id),
       claim_audit AS (
         INSERT INTO audit_log (project_id, action, target_type, target_id, metadata, created_at)
         SELECT $2::uuid, 'reward.claim_created', 'reward_claim', new_claim.id::text, $17::jsonb, $16::timestamptz FROM new_claim),
       ${effects.ctes.join(",\n       ")}
       SELECT id FROM new_claim`,
      values: [...values, ...effects.values],
    })
    .then((r) => r.rows[0]?.id ?? null);
  sentAhead(made);
  effects.wake(tx);
  return { made, status, deliveryId: effects.deliveryId };
}
