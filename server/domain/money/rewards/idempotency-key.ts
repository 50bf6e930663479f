import type { TTriggerMatch } from "@/server/domain/money/campaigns/triggers/define";

/**
 * The claim's idempotency key, built on the server (a client's Idempotency-Key is kept only for
 * audit). The spec's forms: `<campaign>:<user>` when max_per_user ≤ 1; with the run id appended
 * otherwise; `<mechanic>:level:<level_id>` for a first-completion rule. The first-completion form
 * is scoped by campaign and player here, as `<campaign>:<user>:<mechanic>:level:<level_id>`: a key
 * shared by every player would let a receiver that grants once per key reward one player in total.
 * One-time sources (a track, a streak length) use the same scoping.
 */
export function claimIdempotencyKey(campaign: { id: string; maxPerUser: number }, externalUserId: string, match: TTriggerMatch): string {
  const base = `${campaign.id}:${externalUserId}`;
  if (match.perLevelKey && match.mechanic && match.levelId) return `${base}:${match.mechanic}:level:${match.levelId}`;
  if (match.sourceKey) return `${base}:${match.sourceKey}`;
  if (campaign.maxPerUser <= 1) return base;
  return match.runId ? `${base}:${match.runId}` : base;
}
