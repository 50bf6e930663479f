import type { TTx } from "@/server/db/tx";

/**
 * How a campaign counts its claims (migration 0018). A campaign with a total cap counts on its own
 * row (`claims_count`), checked against the cap under the row lock, so the cap is never exceeded.
 * A campaign without one counts on sixteen counter rows (`campaign_claim_count`), the player's
 * hash choosing the row, so its claims do not queue behind each other on the campaign's row; its
 * count is the row's plus theirs. A claim decision holds the project's caps lock shared (with its
 * player's claim lock); a cap given or taken holds it exclusively, so no decision is in flight on
 * the other side of the change, and a cap given folds the stripes into the row first.
 */
const CLAIM_STRIPES = 16;

/** The stripe of a player, for an SQL expression naming the player's id. */
export const stripeOf = (player: string) => `(hashtext(${player}) & ${CLAIM_STRIPES - 1})::smallint`;

/** The project's caps lock key ($1 is the project id). */
const CAPS_LOCK_KEY = "hashtextextended('campaign-caps:' || $1, 0)";

/** The project's caps lock, shared: part of the claim lock's statement. */
export const CAMPAIGN_CAPS_LOCK_SHARED = `pg_advisory_xact_lock_shared(${CAPS_LOCK_KEY})`;

/** Before a cap is given to or taken from a campaign: waits for every claim decision of the project in flight. */
export async function lockCampaignCaps(tx: TTx, projectId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(${CAPS_LOCK_KEY})`, [projectId]);
}

/** A campaign that now has a cap: its stripes become part of its row's count (under lockCampaignCaps). */
export async function foldClaimStripes(tx: TTx, campaignId: string): Promise<void> {
  await tx.query(
    `WITH gone AS (DELETE FROM campaign_claim_count WHERE campaign_id = $1 RETURNING claims)
     UPDATE campaign SET claims_count = claims_count + (SELECT COALESCE(sum(claims), 0) FROM gone)::int WHERE id = $1`,
    [campaignId],
  );
}

/** The campaigns with their whole claim counts: each row's count plus its stripes'. */
export async function withClaimCounts<C extends { id: string; claimsCount: number }>(q: TTx, campaigns: C[]): Promise<C[]> {
  if (campaigns.length === 0) return campaigns;
  const { rows } = await q.query<{ campaign_id: string; n: number }>(
    "SELECT campaign_id, sum(claims)::int AS n FROM campaign_claim_count WHERE campaign_id = ANY($1::uuid[]) GROUP BY campaign_id",
    [campaigns.map((c) => c.id)],
  );
  const striped = new Map(rows.map((r) => [r.campaign_id, r.n]));
  return campaigns.map((c) => ({ ...c, claimsCount: c.claimsCount + (striped.get(c.id) ?? 0) }));
}

/**
 * A rejected claim no longer counts: one less on a stripe that has claims (the player's own first),
 * or on the row when none has (a claim counted while the campaign was capped).
 */
export async function uncountClaim(tx: TTx, opts: { projectId: string; campaignId: string; externalUserId: string }): Promise<void> {
  await tx.query(`SELECT ${CAMPAIGN_CAPS_LOCK_SHARED}`, [opts.projectId]);
  const stripe = await tx.query(
    `UPDATE campaign_claim_count SET claims = claims - 1
      WHERE (campaign_id, stripe) = (SELECT campaign_id, stripe FROM campaign_claim_count WHERE campaign_id = $1 AND claims > 0
                                      ORDER BY stripe = ${stripeOf("$2::text")} DESC, stripe LIMIT 1 FOR UPDATE)
        AND claims > 0`,
    [opts.campaignId, opts.externalUserId],
  );
  if ((stripe.rowCount ?? 0) === 0) await tx.query("UPDATE campaign SET claims_count = greatest(claims_count - 1, 0) WHERE id = $1", [opts.campaignId]);
}
