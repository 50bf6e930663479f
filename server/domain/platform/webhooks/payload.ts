/**
 * Webhook bodies. Every delivery of a claim is kind `reward.eligible` with `payload_version` 2;
 * projects that switch lifecycle events on also get `reward.held`, `reward.released` and
 * `reward.rejected` for the same claim (same body shape, their own event name and key suffix).
 * `run_id`, `mechanic` and `level_number` appear only for rewards that come from a game run.
 * The body is stored in the outbox row and serialised at each attempt, so an erasure can replace
 * the player id of a delivery that is still queued (its signature is made at the attempt).
 */
const PAYLOAD_VERSION = 2;
export const WEBHOOK_KINDS = ["reward.eligible", "reward.held", "reward.released", "reward.rejected", "webhook.test"] as const;
export type TWebhookKind = (typeof WEBHOOK_KINDS)[number];

export type TRewardBody = {
  event: TWebhookKind;
  payload_version: number;
  project_id: string;
  campaign_id: string;
  external_user_id: string;
  reward_type: string;
  reward_metadata: Record<string, unknown>;
  trigger: string;
  idempotency_key: string;
  timestamp: string;
  run_id?: string;
  mechanic?: string;
  level_number?: number;
  claim_id?: string;
};

const ORDER: Array<keyof TRewardBody> = [
  "event", "payload_version", "project_id", "campaign_id", "external_user_id", "reward_type", "reward_metadata", "trigger",
  "idempotency_key", "timestamp", "run_id", "mechanic", "level_number", "claim_id",
];

/** The exact bytes sent: the spec's field order (jsonb storage does not keep it), unknown fields last. */
export function serializeBody(payload: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const k of ORDER) if (payload[k] !== undefined && payload[k] !== null) out[k] = payload[k];
  for (const [k, v] of Object.entries(payload)) if (!(k in out) && v !== undefined) out[k] = v;
  return JSON.stringify(out);
}

export function rewardBody(opts: {
  kind: TWebhookKind;
  projectId: string;
  campaign: { id: string; rewardType: string; rewardMetadata: unknown; triggerType: string };
  claim: { id: string; externalUserId: string; idempotencyKey: string; runId: string | null; mechanic: string | null; levelNumber: number | null };
  at: Date;
}): TRewardBody {
  const { claim, campaign } = opts;
  return {
    event: opts.kind,
    payload_version: PAYLOAD_VERSION,
    project_id: opts.projectId,
    campaign_id: campaign.id,
    external_user_id: claim.externalUserId,
    reward_type: campaign.rewardType,
    reward_metadata: (campaign.rewardMetadata ?? {}) as Record<string, unknown>,
    trigger: campaign.triggerType,
    idempotency_key: opts.kind === "reward.eligible" ? claim.idempotencyKey : `${claim.idempotencyKey}:${opts.kind.slice("reward.".length)}`,
    timestamp: opts.at.toISOString(),
    ...(claim.runId ? { run_id: claim.runId, mechanic: claim.mechanic ?? undefined } : {}),
    ...(claim.runId && claim.levelNumber !== null ? { level_number: claim.levelNumber } : {}),
    claim_id: claim.id,
  };
}

/**
 * A `webhook.test` body: the shape of a reward, for a test player, marked `test: true` (and the
 * request `X-Service-Test: true`). A receiver must never grant on it; the console's test and the
 * receiver check send it.
 */
export function testEventBody(opts: { projectId: string; idempotencyKey: string; at: Date; note: string }): string {
  return serializeBody({
    event: "webhook.test",
    payload_version: PAYLOAD_VERSION,
    project_id: opts.projectId,
    campaign_id: "00000000-0000-0000-0000-000000000000",
    external_user_id: "test-player",
    reward_type: "promo_code",
    reward_metadata: { note: opts.note },
    trigger: "game_won",
    idempotency_key: opts.idempotencyKey,
    timestamp: opts.at.toISOString(),
    test: true,
  });
}
