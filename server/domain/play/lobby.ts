import type { TPlayerSession } from "@/server/domain/players/player-token";
import { AppError } from "@/server/errors/app-error";
import { pool } from "@/server/db/client";
import type { TTx } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { deriveAccent } from "@/server/lib/color";
import { logger } from "@/server/logging/logger";
import { clientStatus, findTemplate } from "@/server/domain/catalogue/catalogue-entries";
import { getMechanic, isMechanicId } from "@/server/games/registry";
import { rateLimiter } from "@/server/rate-limit/limiter";
import { raiseFraudFlag } from "@/server/domain/fraud/raise-flag";
import { publishedTrack } from "./levels";

export const LOBBY_BUDGET_BYTES = 8192;
/** The shell's design viewport (portrait); backgrounds are normalised to twice this. */
const VIEWPORT = { width: 420, height: 760 };

type TLobbyRow = {
  play_config_revision: number;
  entry_mode: string;
  primary_color: string;
  play_mechanic: string | null;
  game_mode: string;
  next_level_number: number | null;
  cycle_round: number | null;
  track_completed: boolean | null;
  active_run: { run_id: string; level_number: number; sequence: number; started_at: string; expires_at: string } | null;
  last_run: { run_id: string; mechanic: string; status: string; level_number: number } | null;
};

/**
 * The lobby snapshot in one SQL statement (plus one for the level track when it is not cached):
 * project settings, the player's progress for the project's mechanic, the unfinished run and the
 * last result. Reads only: an expired active run is reported as not resumable, not closed.
 */
export async function lobbyState(opts: { player: TPlayerSession; tx?: TTx }) {
  const { player } = opts;
  const limit = await rateLimiter().check("lobby", `${player.projectId}:${player.externalUserId}`);
  if (!limit.allowed) {
    await raiseFraudFlag({ projectId: player.projectId, externalUserId: player.externalUserId, kind: "rate_exceeded", details: { endpoint: "lobby" } });
    throw new AppError("rate_limited", undefined, { headers: { "Retry-After": String(limit.retryAfterSec) } });
  }
  const tx = opts.tx ?? pool();
  const row = (
    await tx.query<TLobbyRow>(
      `SELECT p.play_config_revision, p.entry_mode, p.primary_color, p.play_mechanic, p.game_mode,
              pp.next_level_number, pp.cycle_round, pp.track_completed,
              (SELECT json_build_object('run_id', r.id, 'level_number', r.level_number, 'sequence', r.sequence, 'started_at', r.started_at, 'expires_at', r.expires_at)
                 FROM game_run r WHERE r.project_id = p.id AND r.external_user_id = $2 AND r.status = 'active' LIMIT 1) AS active_run,
              (SELECT json_build_object('run_id', r.id, 'mechanic', r.mechanic, 'status', r.status, 'level_number', r.level_number)
                 FROM game_run r WHERE r.project_id = p.id AND r.external_user_id = $2 AND r.status <> 'active'
                ORDER BY r.ended_at DESC NULLS LAST LIMIT 1) AS last_run
         FROM project p
         LEFT JOIN player_progress pp ON pp.project_id = p.id AND pp.external_user_id = $2 AND pp.mechanic = p.play_mechanic
        WHERE p.id = $1`,
      [player.projectId, player.externalUserId],
    )
  ).rows[0];
  if (!row) throw new AppError("not_found", "Project not found");

  const mechanicId = row.play_mechanic;
  let play;
  if (mechanicId && isMechanicId(mechanicId)) {
    const status = clientStatus(mechanicId);
    const track = await publishedTrack(mechanicId);
    const nextNumber = Math.min(row.next_level_number ?? 1, Math.max(track.levels.length, 1));
    const level = track.levels[nextNumber - 1];
    const mechanic = getMechanic(mechanicId);
    const active = row.active_run;
    play = {
      mechanic: mechanicId,
      title: findTemplate(mechanicId)?.player_title ?? mechanic.title,
      available: status === "ready" && track.levels.length > 0,
      unavailable_reason: status !== "ready" ? status : track.levels.length === 0 ? "no_levels" : null,
      next_level: level ? { number: level.number, id: level.id, cycle_round: row.cycle_round ?? 1, preview: mechanic.preview(level) } : null,
      levels_total: track.levels.length,
      track_complete: row.track_completed ?? false,
      active_run: active
        ? { run_id: active.run_id, level_number: active.level_number, sequence: active.sequence, started_at: new Date(active.started_at).toISOString(), resumable: new Date(active.expires_at).getTime() > now().getTime() }
        : null,
    };
  } else {
    play = { mechanic: null, title: null, available: false, unavailable_reason: "not_configured", next_level: null, levels_total: 0, track_complete: false, active_run: null };
  }
  const body = {
    schema: 1 as const,
    config_revision: row.play_config_revision,
    entry_mode: row.entry_mode,
    server_time: now().toISOString(),
    viewport: VIEWPORT,
    theme: { accent: deriveAccent(row.primary_color).accent },
    assets: { lobby_background: null },
    play,
    last_result: row.last_run ? { ...row.last_run, reward: { status: "none" } } : null,
    wheel: { enabled: false, wheel_id: null, version: null, entitlement: {}, pending: {} },
  };
  const bytes = Buffer.byteLength(JSON.stringify(body));
  if (bytes > LOBBY_BUDGET_BYTES) logger().warn({ project_id: player.projectId, bytes }, "lobby response over its 8 KiB budget");
  return body;
}
