import { randomUUID } from "node:crypto";
import type { TBatch } from "@/server/db/batch";
import { CAMPAIGN_CAPS_LOCK_SHARED, stripeOf } from "@/server/domain/money/campaigns/campaign-count";
import type { TTriggerEvent } from "@/server/domain/money/campaigns/triggers/define";
import { triggersFor } from "@/server/domain/money/campaigns/triggers/registry";
import type { TAddressHashes } from "@/server/domain/trust";
import { playerFacts } from "@/server/domain/trust";
import { claimStateRows } from "./claim-effects";
import type { TClaimCampaign, TClaimProject, TPlannedClaim } from "./decide-claims";
import type { TRecordedCommand } from "@/games/types";

/**
 * The claim decision's SQL: the player's claim lock, the project with its live campaigns, and the
 * one statement that makes a claim. Every text is constant and prepared by name once per
 * connection (PostgreSQL otherwise parsed and planned each of them on every winning command); a
 * name is never given to two texts (the driver refuses that).
 */

/**
 * The claim lock's statement: one player's claims in one project are decided one at a time; and
 * the project's campaign-cap lock, shared: a cap given to or taken from a campaign (which takes it
 * exclusively, see campaign-count.ts) waits for every claim decision in flight, and the decisions
 * after it see the new cap, so a claim counts on the campaign's row or on its stripes, never on
 * the wrong side of a cap change.
 */
export const CLAIM_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtextextended('claim:' || $1 || ':' || $2, 0)), ${CAMPAIGN_CAPS_LOCK_SHARED}`;

/** CLAIM_LOCK_SQL for this project and player, as a prepared statement. */
export function claimLock(projectId: string, externalUserId: string) {
  return { name: "claim_lock", text: CLAIM_LOCK_SQL, values: [projectId, externalUserId] };
}

type TCampaignsRead = TClaimProject & { campaigns: TClaimCampaign[] | null };

/** A claim decision's reads, sent (sendClaimReads) and not yet awaited. */
export type TClaimReads = {
  at: Date;
  lock: Promise<unknown>;
  read: Promise<TCampaignsRead | undefined>;
  facts: Promise<Awaited<ReturnType<typeof playerFacts>>>;
  commands: Promise<TRecordedCommand[]> | null;
};

/**
 * A claim decision's first round trip, sent together (the server runs them in order): the
 * transaction-scoped lock on this project and player, then — in a fresh snapshot taken once the
 * lock is granted, so it sees every earlier claim of this player — the project's settings and its
 * live campaigns for the event's triggers at `at`, each with the player's own claim count and last
 * claim (per-player cap and cooldown); the fraud gate's reads; and a won run's stored commands.
 * The gate's reads are awaited only when a campaign matches (most such events in a project with
 * campaigns make a claim; when none does, two reads were spent, never the run's replay).
 * createClaims sends them itself; a winning move that knows it wins before its locked read sends
 * them with that read (apply-command), so the decision costs no round trip of its own.
 */
export function sendClaimReads(
  batch: TBatch,
  o: {
    source: TTriggerEvent["source"];
    projectId: string;
    externalUserId: string;
    at: Date;
    address: TAddressHashes;
    commands?: () => Promise<TRecordedCommand[]>;
    /** The caller sent CLAIM_LOCK_SQL already, ahead of its own locks. */
    lockHeld?: boolean;
  },
): TClaimReads {
  const { tx } = batch;
  const triggers = triggersFor(o.source);
  const active = `c.status = 'active' AND c.trigger_type = ANY($2) AND (c.starts_at IS NULL OR c.starts_at <= $3) AND (c.ends_at IS NULL OR c.ends_at > $3)`;
  const lock = o.lockHeld ? Promise.resolve() : batch.send(tx.query(claimLock(o.projectId, o.externalUserId)));
  const read = batch.send(
    tx
      .query<TCampaignsRead>({
        name: "claim_campaigns",
        text: `SELECT p.game_mode AS "gameMode", p.fraud_config AS "fraudConfig", p.webhook_url AS "webhookUrl", p.webhook_lifecycle_events AS "lifecycleEvents",
              (SELECT jsonb_agg(jsonb_build_object(
                        'id', c.id, 'triggerType', c.trigger_type, 'triggerParams', c.trigger_params, 'rewardType', c.reward_type,
                        'rewardMetadata', c.reward_metadata, 'maxPerUser', c.max_per_user, 'maxTotal', c.max_total,
                        'cooldownSeconds', c.cooldown_seconds, 'webhookUrl', c.webhook_url, 'claimsCount', c.claims_count,
                        'mineCount', m.n, 'mineLast', m.last) ORDER BY c.id)
                 FROM campaign c
                 CROSS JOIN LATERAL (SELECT count(*)::int AS n, max(r.created_at) AS last FROM reward_claim r
                                      WHERE r.campaign_id = c.id AND r.external_user_id = $4 AND r.status <> 'rejected') m
                WHERE c.project_id = p.id AND ${active}) AS campaigns
         FROM project p WHERE p.id = $1`,
        values: [o.projectId, triggers.map((t) => t.type), o.at, o.externalUserId],
      })
      .then((r) => r.rows[0]),
  );
  const facts = batch.send(playerFacts(tx, { projectId: o.projectId, externalUserId: o.externalUserId, address: o.address, at: o.at }));
  const commands = o.commands ? batch.send(o.commands()) : null;
  return { at: o.at, lock, read, facts, commands };
}

/**
 * Sends one planned claim's statement (`made`: its id, or null when it was not made): its count
 * toward the campaign's total (a counted claim — any but a rejected one — is made only while the
 * campaign is active and has room; the count is exact, the campaign row's latest version is checked
 * under its lock), the claim, its audit entry, and what its state causes (outbox rows,
 * notification, event), each only when the claim is made. A claim already made for this key (this
 * player's claims are serialised, so the statement sees it) is neither counted nor made again.
 * The campaign row — the one row every claim of the campaign updates — is locked from this
 * statement to the COMMIT, which the caller sends right behind it (under load that lock held across
 * round trips queued every other winner of the campaign). The delivery workers are woken once the
 * transaction commits (for nothing, when the claim was not made).
 */
export function sendClaim(batch: TBatch, o: { event: TTriggerEvent; project: TClaimProject; claim: TPlannedClaim; clientIdempotencyKey: string | null; requestId?: string | null }): { made: Promise<string | null>; deliveryId: string | null } {
  const { event, claim: c } = o;
  const { campaign, match, gate } = c;
  const id = randomUUID();
  const claim = { id, externalUserId: event.externalUserId, idempotencyKey: c.key, runId: match.runId ?? null, mechanic: match.mechanic ?? null, levelNumber: match.levelNumber ?? null };
  const values: unknown[] = [
    id, event.projectId, campaign.id, event.externalUserId, campaign.triggerType, match.runId ?? null, match.mechanic ?? null, match.levelNumber ?? null,
    match.levelId ?? null, c.key, o.clientIdempotencyKey, c.status, gate.score, JSON.stringify(gate.reasons), gate.holdUntil, event.at,
    JSON.stringify({ campaign_id: campaign.id, decision: gate.decision, risk_score: gate.score, reasons: gate.reasons }), c.status !== "rejected",
  ];
  const effects = claimStateRows(
    { project: { id: event.projectId, webhookUrl: o.project.webhookUrl, lifecycleEvents: o.project.lifecycleEvents }, campaign, claim, state: c.status, at: event.at, requestId: o.requestId },
    "new_claim",
    values.length,
  );
  // The repeat checks below name the player as well as the key (every key names its player): a
  // generic plan made before reward_claim had statistics then still reads only this player's
  // claims, never the project's (docs/performance-log.md, 2026-11-27 midday).
  const made = batch.send(
    batch.tx
      .query<{ id: string }>({
        name: "claim_insert",
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
      .then((r) => r.rows[0]?.id ?? null),
  );
  effects.wake(batch.tx);
  return { made, deliveryId: effects.deliveryId };
}
