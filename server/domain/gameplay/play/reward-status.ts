import type { TPlayerSession } from "@/server/domain/identity";
import { raiseFraudFlag } from "@/server/domain/trust";
import { AppError } from "@/server/errors/app-error";
import { pool } from "@/server/db/client";
import type { TLimitGate } from "@/server/rate-limit/gate";
import { contentLanguage } from "@/i18n/languages";
import { sayIn } from "@/i18n/catalogue";
import { compileMessage } from "@/i18n/compile";
import { formatMessage } from "@/i18n/messages";


export const REWARD_STATUSES = ["pending", "checking", "delayed", "confirmed", "unavailable", "none"] as const;
export type TRewardStatus = (typeof REWARD_STATUSES)[number];

/** When a run has several claims the highest by this priority is reported. */
const PRIORITY: TRewardStatus[] = ["pending", "checking", "delayed", "confirmed", "unavailable"];

export function combineRewardStatuses(statuses: TRewardStatus[]): TRewardStatus {
  for (const s of PRIORITY) if (statuses.includes(s)) return s;
  return "none";
}

/**
 * What a player may know of a claim: `delayed` while held, `checking` while in review, `pending`
 * while its reward.eligible delivery is queued, `confirmed` once the integrator's server accepted
 * it, `unavailable` when rejected or when the delivery died. Never the reason, the risk score or
 * the hold time.
 */
export function playerStatusOf(claimStatus: string, deliveryStatus: string | null): TRewardStatus {
  if (claimStatus === "held") return "delayed";
  if (claimStatus === "review") return "checking";
  if (claimStatus === "rejected") return "unavailable";
  if (deliveryStatus === "delivered") return "confirmed";
  if (deliveryStatus === "dead") return "unavailable";
  return "pending";
}

/**
 * The player-facing reward status of a run (owner only), also after the project switched games.
 * Runs in free_play and runs without a claim report `none`; several claims report the highest by
 * priority; its label in `language` (the project's own wording over the catalogue's) and the
 * campaign's message in it. One statement. Reads only; 30 per minute, over which a `rate_exceeded`
 * fraud flag is stored.
 */
export async function rewardStatus(opts: { player: TPlayerSession; runId: string; limits: TLimitGate; language: string }) {
  const { player } = opts;
  const limit = await opts.limits.answer();
  if (!limit.allowed) {
    await raiseFraudFlag({ projectId: player.projectId, externalUserId: player.externalUserId, kind: "rate_exceeded", details: { endpoint: "reward_status" }, session: player });
    throw new AppError("rate_limited", undefined, { headers: { "Retry-After": String(limit.retryAfterSec) } });
  }
  const { rows } = await pool().query<{
    ended_at: Date | null;
    started_at: Date;
    game_mode: string;
    claim_status: string | null;
    delivery_status: string | null;
    changed_at: Date | null;
    player_message: Record<string, string> | null;
    own_labels: Record<string, string> | null;
  }>(
    `SELECT r.ended_at, r.started_at, p.game_mode, c.status AS claim_status, d.status AS delivery_status, GREATEST(c.updated_at, d.updated_at) AS changed_at,
            m.player_message,
            (SELECT json_object_agg(w.key, w.message) FROM project_wording w
              WHERE w.project_id = r.project_id AND w.lang = $4 AND w.key LIKE 'reward.status.%') AS own_labels
       FROM game_run r JOIN project p ON p.id = r.project_id
       LEFT JOIN reward_claim c ON c.run_id = r.id
       LEFT JOIN campaign m ON m.id = c.campaign_id
       LEFT JOIN webhook_delivery d ON d.claim_id = c.id AND d.kind = 'reward.eligible'
      WHERE r.id = $1 AND r.project_id = $2 AND r.external_user_id = $3`,
    [opts.runId, player.projectId, player.externalUserId, opts.language],
  );
  if (!rows[0]) throw new AppError("not_found", "Run not found");
  let updatedAt = rows[0].ended_at ?? rows[0].started_at;
  const statuses: TRewardStatus[] = [];
  const messages: Array<{ status: TRewardStatus; text: string }> = [];
  for (const r of rows) {
    if (!r.claim_status) continue;
    const s = playerStatusOf(r.claim_status, r.delivery_status);
    statuses.push(s);
    const text = r.player_message?.[contentLanguage(opts.language)];
    if (text) messages.push({ status: s, text });
    if (r.changed_at && r.changed_at > updatedAt) updatedAt = r.changed_at;
  }
  // Claims are never created in free play; a run played before a switch to free play keeps none.
  const status = rows[0].game_mode === "free_play" && statuses.length === 0 ? "none" : combineRewardStatuses(statuses);
  const labelKey = `reward.status.${status}`;
  // the project's own wording of the label (read in the same statement), else the catalogue's
  const own = rows[0].own_labels?.[labelKey];
  return {
    status,
    label_key: labelKey,
    label: own ? formatMessage(compileMessage(own, labelKey), {}, opts.language) : (sayIn(opts.language, labelKey) ?? labelKey),
    lang: opts.language,
    // the campaign's own words for the reported claim, never for one that will not come
    message: status === "unavailable" ? null : (messages.find((m) => m.status === status)?.text ?? null),
    updated_at: updatedAt.toISOString(),
  };
}
