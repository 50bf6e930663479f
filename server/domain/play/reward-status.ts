import type { TPlayerSession } from "@/server/domain/players/player-token";
import { raiseFraudFlag } from "@/server/domain/fraud/raise-flag";
import { AppError } from "@/server/errors/app-error";
import { pool } from "@/server/db/client";
import { rateLimiter } from "@/server/rate-limit/limiter";

export const REWARD_STATUSES = ["pending", "checking", "delayed", "confirmed", "unavailable", "none"] as const;
export type TRewardStatus = (typeof REWARD_STATUSES)[number];

/** When a run has several claims the highest by this priority is reported. */
const PRIORITY: TRewardStatus[] = ["pending", "checking", "delayed", "confirmed", "unavailable"];

export function combineRewardStatuses(statuses: TRewardStatus[]): TRewardStatus {
  for (const s of PRIORITY) if (statuses.includes(s)) return s;
  return "none";
}

/**
 * The player-facing reward status of a run (owner only). Reasons, risk scores and hold times are
 * never shown. Runs in free_play and runs without a claim report `none` (reward claims do not
 * exist yet; the rewards capability adds them). Reads only; 30 per minute, over which a
 * `rate_exceeded` fraud flag is stored.
 */
export async function rewardStatus(opts: { player: TPlayerSession; runId: string }) {
  const { player } = opts;
  const limit = await rateLimiter().check("rewardStatus", `${player.projectId}:${player.externalUserId}`);
  if (!limit.allowed) {
    await raiseFraudFlag({ projectId: player.projectId, externalUserId: player.externalUserId, kind: "rate_exceeded", details: { endpoint: "reward_status" } });
    throw new AppError("rate_limited", undefined, { headers: { "Retry-After": String(limit.retryAfterSec) } });
  }
  const run = (
    await pool().query<{ id: string; ended_at: Date | null; started_at: Date; game_mode: string }>(
      `SELECT r.id, r.ended_at, r.started_at, p.game_mode FROM game_run r JOIN project p ON p.id = r.project_id
        WHERE r.id = $1 AND r.project_id = $2 AND r.external_user_id = $3`,
      [opts.runId, player.projectId, player.externalUserId],
    )
  ).rows[0];
  if (!run) throw new AppError("not_found", "Run not found");
  const status: TRewardStatus = "none";
  const updatedAt = run.ended_at ?? run.started_at;
  return { status, label_key: `reward.status.${status}`, updated_at: updatedAt.toISOString() };
}
