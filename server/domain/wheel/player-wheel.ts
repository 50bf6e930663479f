import type { TTx } from "@/server/db/tx";
import { resolveEconomy, type TEconomyConfig } from "@/server/domain/economy/config";
import type { TPlayerSession } from "@/server/domain/players/player-token";
import { AppError } from "@/server/errors/app-error";
import { ZWheelDraftSchema, type TWheelDraft, type TWheelId } from "./draft-model";

/** What a player request needs to know about the project and the wheel's published version, read in one statement. */
export type TPlayerWheel = {
  gameMode: string;
  economyEnabled: boolean;
  economy: TEconomyConfig;
  published: { version: number; config: TWheelDraft; weightsCommitment: string; publishedAt: Date } | null;
  timezone: string;
  /** The wheel's calendar day of `at` (YYYY-MM-DD) and when it ends. */
  today: string;
  resetsAt: Date;
};

export async function loadPlayerWheel(q: TTx, player: TPlayerSession, wheelId: TWheelId, at: Date): Promise<TPlayerWheel> {
  const { rows } = await q.query<{
    game_mode: string;
    economy_enabled: boolean;
    economy_config: unknown;
    version: number | null;
    config: unknown;
    weights_commitment: string | null;
    published_at: Date | null;
    timezone: string;
    today: string;
    resets_at: Date;
  }>(
    `SELECT p.game_mode, p.economy_enabled, p.economy_config, v.version, v.config, v.weights_commitment, v.published_at, z.tz AS timezone,
            ((($3::timestamptz) AT TIME ZONE z.tz)::date)::text AS today,
            (((($3::timestamptz) AT TIME ZONE z.tz)::date + 1)::timestamp AT TIME ZONE z.tz) AS resets_at
       FROM project p
       LEFT JOIN wheel_settings s ON s.project_id = p.id
       CROSS JOIN LATERAL (SELECT COALESCE(s.timezone, 'UTC') AS tz) z
       LEFT JOIN wheel w ON w.project_id = p.id AND w.wheel_id = $2
       LEFT JOIN wheel_version v ON v.project_id = p.id AND v.wheel_id = $2 AND v.version = w.published_version
      WHERE p.id = $1`,
    [player.projectId, wheelId, at],
  );
  const row = rows[0];
  if (!row) throw new AppError("not_found", "Project not found");
  return {
    gameMode: row.game_mode,
    economyEnabled: row.economy_enabled,
    economy: resolveEconomy(row.economy_config),
    published: row.version ? { version: row.version, config: ZWheelDraftSchema.parse(row.config), weightsCommitment: row.weights_commitment!, publishedAt: row.published_at! } : null,
    timezone: row.timezone,
    today: row.today,
    resetsAt: row.resets_at,
  };
}

/** Anonymous sessions play only in free-play projects; a wheel must be published to be played. */
export function assertWheelPlayable(w: TPlayerWheel, player: TPlayerSession): NonNullable<TPlayerWheel["published"]> {
  if (player.subjectType === "anonymous" && w.gameMode !== "free_play") {
    throw new AppError("forbidden", "The wheel of a rewards project needs a verified player session (anonymous sessions are free play only)");
  }
  if (!w.published) throw new AppError("wheel_config_missing", "This wheel is not published");
  return w.published;
}

export type TSpinCounts = { spins: number; free: number };

export async function countSpinsToday(q: TTx, player: TPlayerSession, wheelId: TWheelId, day: string): Promise<TSpinCounts> {
  const { rows } = await q.query<TSpinCounts>(
    `SELECT count(*)::int AS spins, (count(*) FILTER (WHERE kind = 'free'))::int AS free FROM wheel_spin
      WHERE project_id = $1 AND external_user_id = $2 AND wheel_id = $3 AND day = $4::date`,
    [player.projectId, player.externalUserId, wheelId, day],
  );
  return rows[0]!;
}

/** Free spins come first; every spin of the day, free or paid, counts toward max_spins_per_day. */
export function entitlementOf(config: Pick<TWheelDraft, "free_spins_per_day" | "max_spins_per_day" | "ticket_cost">, counts: TSpinCounts, day: string, resetsAt: Date) {
  const left = Math.max(0, config.max_spins_per_day - counts.spins);
  const free = Math.min(left, Math.max(0, config.free_spins_per_day - counts.free));
  return { day, spins_today: counts.spins, free_spins_left: free, paid_spins_left: left - free, ticket_cost: config.ticket_cost, resets_at: resetsAt.toISOString() };
}
export type TEntitlement = ReturnType<typeof entitlementOf>;
