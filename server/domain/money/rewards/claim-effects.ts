import { randomUUID } from "node:crypto";
import type { TTx } from "@/server/db/tx";
import { rewardBody, type TWebhookKind, wakeDeliveryWorkers } from "@/server/domain/platform";
import { noteActivePlayers } from "@/server/domain/money/billing/active-players";

type TClaimForEffects = { id: string; externalUserId: string; idempotencyKey: string; runId: string | null; mechanic: string | null; levelNumber: number | null };
type TCampaignForEffects = { id: string; rewardType: string; rewardMetadata: unknown; triggerType: string; webhookUrl: string | null };
type TProjectForEffects = { id: string; webhookUrl: string | null; lifecycleEvents: boolean };

type TClaimState = "deliverable" | "held" | "review" | "rejected";
/** `requestId`: the request that caused this state (the outbox rows carry it to the worker's log lines); none for the release job's. */
type TStateOpts = { project: TProjectForEffects; campaign: TCampaignForEffects; claim: TClaimForEffects; state: TClaimState; released?: boolean; at: Date; requestId?: string | null };

/**
 * The rows that follow a claim's state, as CTEs of a statement that may hold more (the claim's own
 * insert, for a new claim): the outbox rows, the notification and the player's event, each written
 * once per row of `source` (a FROM item with one row when the claim is made, none when it is not).
 * Parameters are numbered from `offset + 1`. An outbox row with a target is due at once: the
 * workers lease it themselves (deliver.ts), and `wake` wakes them when the transaction commits.
 */
export function claimStateRows(opts: TStateOpts, source: string, offset: number) {
  const { project, campaign, claim, at } = opts;
  const target = campaign.webhookUrl ?? project.webhookUrl;
  const kinds: TWebhookKind[] = [];
  if (opts.state === "deliverable") {
    if (opts.released && project.lifecycleEvents) kinds.push("reward.released");
    kinds.push("reward.eligible");
  } else if ((opts.state === "held" || opts.state === "rejected") && project.lifecycleEvents) {
    kinds.push(opts.state === "held" ? "reward.held" : "reward.rejected");
  }
  const deliveries = kinds.map((kind) => ({ id: randomUUID(), kind, body: rewardBody({ kind, projectId: project.id, campaign, claim, at }) }));
  const eventType = opts.state === "deliverable" ? (opts.released ? "reward.released" : "reward.granted") : `reward.${opts.state}`;
  const $ = (n: number) => `$${offset + n}`;
  const ctes = [
    `claim_deliveries AS (
       INSERT INTO webhook_delivery (id, project_id, claim_id, kind, target_url, payload, idempotency_key, status, next_attempt_at, last_error, created_at, updated_at, request_id)
       SELECT x.id, ${$(1)}::uuid, ${$(2)}::uuid, x.kind, ${$(3)}::text, x.body, x.body->>'idempotency_key', CASE WHEN ${$(3)}::text IS NULL THEN 'dead' ELSE 'queued' END, ${$(4)}::timestamptz,
              CASE WHEN ${$(3)}::text IS NULL THEN 'no webhook_url configured' END, ${$(4)}::timestamptz, ${$(4)}::timestamptz, ${$(13)}::text
         FROM ${source}, jsonb_to_recordset(${$(5)}::jsonb) AS x(id uuid, kind text, body jsonb))`,
    `claim_notification AS (
       INSERT INTO notification (id, project_id, kind, external_user_id, claim_id, payload, created_at)
       SELECT ${$(6)}::uuid, ${$(1)}::uuid, 'reward.deliverable', ${$(7)}::text, ${$(2)}::uuid, ${$(8)}::jsonb, ${$(4)}::timestamptz FROM ${source} WHERE ${$(9)}::boolean)`,
    `claim_event AS (
       INSERT INTO player_event (project_id, external_user_id, type, source, payload, run_id, created_at)
       SELECT ${$(1)}::uuid, ${$(7)}::text, ${$(10)}::text, 'system', ${$(11)}::jsonb, ${$(12)}::uuid, ${$(4)}::timestamptz FROM ${source})`,
  ];
  const values = [
    project.id, claim.id, target, at, JSON.stringify(deliveries), randomUUID(), claim.externalUserId,
    JSON.stringify({ campaign_id: campaign.id, reward_type: campaign.rewardType }), opts.state === "deliverable",
    eventType, JSON.stringify({ claim_id: claim.id, campaign_id: campaign.id }), claim.runId, opts.requestId ?? null,
  ];
  return {
    ctes,
    values,
    deliveryId: deliveries.find((d) => d.kind === "reward.eligible")?.id ?? null,
    /** Wakes the delivery workers once the transaction commits, when a due delivery is written (a row without a target URL is written dead). */
    wake: (tx: TTx) => {
      if (target && deliveries.length > 0) wakeDeliveryWorkers(tx);
    },
  };
}

/**
 * What follows a claim's state, written on the caller's transaction (the command's, the release
 * job's or an admin's): a deliverable claim gets its `reward.eligible` outbox row, and a
 * notification (queued only then); with lifecycle events on, `held`, `released` and `rejected`
 * get their webhooks too; every change is a `reward.*` event of the player. The rows are written
 * by one statement (claims run under locks: round trips there are what others wait on); a
 * delivery without a target URL is written `dead`, with the reason, for an admin to fix and retry.
 */
export async function applyClaimState(tx: TTx, opts: TStateOpts): Promise<{ deliveryId: string | null }> {
  const rows = claimStateRows(opts, "(VALUES (1)) AS one(x)", 0);
  // Its `reward.*` event counts its player in the month (a claim made with a move or an event is
  // counted with that move or event).
  await noteActivePlayers(tx, [{ projectId: opts.project.id, externalUserId: opts.claim.externalUserId, at: opts.at }]);
  await tx.query(`WITH ${rows.ctes.join(",\n")} SELECT 1`, rows.values);
  rows.wake(tx);
  return { deliveryId: rows.deliveryId };
}
