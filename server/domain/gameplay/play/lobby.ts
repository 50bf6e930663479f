import type { TPlayerSession } from "@/server/domain/identity";
import { sayIn } from "@/i18n/catalogue";
import { SOURCE_LANGUAGE } from "@/i18n/languages";
import { AppError } from "@/server/errors/app-error";
import { readLane } from "@/server/db/client";
import { sentAhead } from "@/server/db/batch";
import type { TTx } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { isoTime } from "@/server/lib/iso-time";
import { prepareJson } from "@/server/lib/prepared-json";
import { deriveAccent } from "@/server/lib/color";
import { logger } from "@/server/logging/logger";
import { clientStatus, findTemplate } from "@/server/domain/gameplay/catalogue/catalogue-entries";
import { getMechanic, isMechanicId } from "@/games/registry";
import type { TLimitGate } from "@/server/rate-limit/gate";
import { raiseFraudFlag } from "@/server/domain/trust";
import { sessionErasedError, sessionErasedParams, sessionErasedSql } from "@/server/domain/identity";
import type { TWheelId } from "@/server/domain/money";
import { computeEntitlement } from "@/server/domain/money";
import { starsForScore } from "@/games/stars";
import type { TLevelDefinition } from "@/games/types";
import { publishedTrack } from "./levels";
import { combineRewardStatuses, playerStatusOf } from "./reward-status";
import { backgroundAsset, type TProjectBackgrounds } from "@/server/domain/platform";

const LOBBY_BUDGET_BYTES = 8192;
/** The shell's design viewport (portrait); backgrounds are normalised to twice this. */
const VIEWPORT = { width: 420, height: 760 };

type TLobbyRow = {
  play_config_revision: number;
  game_backgrounds: TProjectBackgrounds;
  entry_mode: string;
  primary_color: string;
  play_mechanic: string | null;
  game_mode: string;
  next_level_number: number | null;
  cycle_round: number | null;
  track_completed: boolean | null;
  /** Per won level: the best score of a won run (its stars). */
  best_scores: Record<string, number> | null;
  active_run: { run_id: string; level_number: number; sequence: number; started_at: string; expires_at: string } | null;
  /** `claims`: each of the run's claims as [claim status, its reward.eligible delivery's status]. */
  last_run: { run_id: string; mechanic: string; status: string; level_number: number; claims: Array<[string, string | null]> | null } | null;
  lobby_wheel_enabled: boolean;
  wheel: TLobbyWheel | null;
  /** The session was issued before an erasure of the player (session-erasure.ts). */
  erased: boolean;
};

/** The published wheel the lobby offers and the player's day on it (never weights: only counts leave the database). */
type TLobbyWheel = {
  wheel_id: TWheelId;
  version: number;
  free_spins_per_day: number;
  max_spins_per_day: number;
  ticket_cost: number;
  day: string;
  resets_at: string;
  spins: number;
  free: number;
  pending: { spin_id: string; segment_id: string; created_at: string } | null;
};

/**
 * The lobby's wheel, inside the one lobby statement: the daily wheel, or in `wheel_only` mode the
 * site wheel when it is published (else the daily one); the day is the wheel's time zone's.
 */
const WHEEL_SUBQUERY = `(SELECT json_build_object(
           'wheel_id', w.wheel_id, 'version', w.published_version,
           'free_spins_per_day', (v.config->>'free_spins_per_day')::int, 'max_spins_per_day', (v.config->>'max_spins_per_day')::int, 'ticket_cost', (v.config->>'ticket_cost')::int,
           'day', d.day::text, 'resets_at', ((d.day + 1)::timestamp AT TIME ZONE z.tz),
           'spins', c.spins, 'free', c.free,
           'pending', (SELECT json_build_object('spin_id', s.spin_id, 'segment_id', s.segment_id, 'created_at', s.created_at) FROM wheel_spin s
                        WHERE s.project_id = p.id AND s.external_user_id = $2 AND s.wheel_id = w.wheel_id AND s.seen_at IS NULL ORDER BY s.created_at DESC LIMIT 1))
         FROM wheel w
         JOIN wheel_version v ON v.project_id = w.project_id AND v.wheel_id = w.wheel_id AND v.version = w.published_version
         CROSS JOIN LATERAL (SELECT COALESCE((SELECT ws.timezone FROM wheel_settings ws WHERE ws.project_id = p.id), 'UTC') AS tz) z
         CROSS JOIN LATERAL (SELECT (($3::timestamptz) AT TIME ZONE z.tz)::date AS day) d
         CROSS JOIN LATERAL (SELECT count(*)::int AS spins, (count(*) FILTER (WHERE s.kind = 'free'))::int AS free FROM wheel_spin s
                              WHERE s.project_id = p.id AND s.external_user_id = $2 AND s.wheel_id = w.wheel_id AND s.day = d.day) c
        WHERE w.project_id = p.id AND w.published_version > 0 AND (p.entry_mode = 'wheel_only' OR w.wheel_id = 'daily')
        ORDER BY (w.wheel_id = 'site') DESC LIMIT 1)`;

/**
 * The lobby's one statement: $1 project, $2 player, $3 now, $4 and $5 the session's subject hash
 * and issue time (whether an erasure refuses it: one index probe in the same statement) (exported
 * for the benchmark's database limit). One column, the whole snapshot as JSON: node-postgres describes and parses every column
 * of every row it receives, and fourteen columns cost the web process more than PostgreSQL's one
 * json_build_object costs the database.
 */
export const LOBBY_SQL = `SELECT json_build_object(
              'play_config_revision', p.play_config_revision, 'game_backgrounds', p.game_backgrounds, 'entry_mode', p.entry_mode,
              'primary_color', p.primary_color, 'play_mechanic', p.play_mechanic, 'game_mode', p.game_mode, 'lobby_wheel_enabled', p.lobby_wheel_enabled,
              'erased', ${sessionErasedSql("p.id", "$4", "$5")},
              'wheel', ${WHEEL_SUBQUERY},
              'next_level_number', pp.next_level_number, 'cycle_round', pp.cycle_round, 'track_completed', pp.track_completed,
              'best_scores', (SELECT json_object_agg(lp.level_number, lp.best_win_score) FROM level_progress lp WHERE lp.project_id = p.id AND lp.external_user_id = $2
                  AND lp.mechanic = p.play_mechanic AND lp.completions > 0),
              'active_run', (SELECT json_build_object('run_id', r.id, 'level_number', r.level_number, 'sequence', r.sequence, 'started_at', r.started_at, 'expires_at', r.expires_at)
                 FROM game_run r WHERE r.project_id = p.id AND r.external_user_id = $2 AND r.status = 'active' LIMIT 1),
              'last_run', (SELECT json_build_object('run_id', r.id, 'mechanic', r.mechanic, 'status', r.status, 'level_number', r.level_number,
                   'claims', (SELECT json_agg(json_build_array(c.status, d.status)) FROM reward_claim c
                                LEFT JOIN webhook_delivery d ON d.claim_id = c.id AND d.kind = 'reward.eligible' WHERE c.run_id = r.id))
                 FROM game_run r WHERE r.project_id = p.id AND r.external_user_id = $2 AND r.status <> 'active'
                ORDER BY r.ended_at DESC NULLS LAST LIMIT 1)) AS lobby
         FROM project p
         LEFT JOIN player_progress pp ON pp.project_id = p.id AND pp.external_user_id = $2 AND pp.mechanic = p.play_mechanic
        WHERE p.id = $1`;

/**
 * The lobby snapshot in one SQL statement (plus one for the level track when it is not cached):
 * project settings, the player's progress for the project's mechanic, the unfinished run and the
 * last result. Reads only: an expired active run is reported as not resumable, not closed.
 */
export async function lobbyState(opts: { player: TPlayerSession; tx?: TTx; limits: TLimitGate; language?: string }) {
  const { player } = opts;
  const at = now();
  // The limit's answer and the snapshot are asked at once (the read changes nothing, and nothing
  // of it leaves this function before the answer allows it): one round trip's wait, not two.
  const statement = { name: "lobby_snapshot", text: LOBBY_SQL, values: [player.projectId, player.externalUserId, at, ...sessionErasedParams(player)] };
  const read = sentAhead(opts.tx ? opts.tx.query<{ lobby: TLobbyRow }>(statement) : readLane().query<{ lobby: TLobbyRow }>(statement));
  const limit = await opts.limits.answer();
  if (!limit.allowed) {
    if ((await read).rows[0]?.lobby.erased) throw sessionErasedError();
    await raiseFraudFlag({ projectId: player.projectId, externalUserId: player.externalUserId, kind: "rate_exceeded", details: { endpoint: "lobby" }, session: player });
    throw new AppError("rate_limited", undefined, { headers: { "Retry-After": String(limit.retryAfterSec) } });
  }
  const row = (await read).rows[0]?.lobby;
  if (!row) throw new AppError("not_found", "Project not found");
  if (row.erased) throw sessionErasedError();

  const mechanicId = row.play_mechanic;
  let play;
  if (mechanicId && isMechanicId(mechanicId)) {
    const status = clientStatus(mechanicId);
    const track = await publishedTrack(mechanicId, opts.tx);
    const nextNumber = Math.min(row.next_level_number ?? 1, Math.max(track.levels.length, 1));
    const level = track.levels[nextNumber - 1];
    const mechanic = getMechanic(mechanicId);
    const active = row.active_run;
    play = {
      mechanic: mechanicId,
      title: sayIn(opts.language ?? SOURCE_LANGUAGE, `games.${mechanicId}.title`) ?? findTemplate(mechanicId)?.player_title ?? mechanic.title,
      available: status === "ready" && track.levels.length > 0,
      unavailable_reason: status !== "ready" ? status : track.levels.length === 0 ? "no_levels" : null,
      next_level: level ? { number: level.number, id: level.id, cycle_round: row.cycle_round ?? 1, preview: levelPreview(mechanic, level) } : null,
      levels_total: track.levels.length,
      level_stars: levelStars(track.levels, row.best_scores),
      track_complete: row.track_completed ?? false,
      active_run: active
        ? { run_id: active.run_id, level_number: active.level_number, sequence: active.sequence, started_at: isoTime(Date.parse(active.started_at)), resumable: Date.parse(active.expires_at) > now().getTime() }
        : null,
    };
  } else {
    play = { mechanic: null, title: null, available: false, unavailable_reason: "not_configured", next_level: null, levels_total: 0, level_stars: [], track_complete: false, active_run: null };
  }
  const body = {
    schema: 1 as const,
    config_revision: row.play_config_revision,
    entry_mode: row.entry_mode,
    server_time: isoTime(at.getTime()),
    viewport: VIEWPORT,
    theme: { accent: deriveAccent(row.primary_color).accent },
    assets: { lobby_background: backgroundAsset(player.projectId, row.game_backgrounds, "lobby"), game_background: mechanicId ? backgroundAsset(player.projectId, row.game_backgrounds, mechanicId) : null },
    play,
    last_result: row.last_run ? lastResult(row.last_run) : null,
    wheel: lobbyWheel(row, player),
  };
  // Its JSON is made once: measured here for the budget and written as the response body.
  const bytes = Buffer.byteLength(prepareJson(body));
  if (bytes > LOBBY_BUDGET_BYTES) logger().warn({ project_id: player.projectId, bytes }, "lobby response over its 8 KiB budget");
  return body;
}

/** The last finished run with its reward status as GET /v1/game-runs/{id}/reward reports it (its claims' highest). */
function lastResult(r: NonNullable<TLobbyRow["last_run"]>) {
  const status = combineRewardStatuses((r.claims ?? []).map(([claim, delivery]) => playerStatusOf(claim, delivery)));
  return { run_id: r.run_id, mechanic: r.mechanic, status: r.status, level_number: r.level_number, reward: { status } };
}

/** Stars of each level of the track (0: not won yet), from the player's best winning score and the published thresholds. */
/**
 * A level's preview, made once per level object: the published track's levels are the process's
 * cached objects (levels.ts), replaced when the track is, never changed; a preview parses its
 * level (parcel_pilot_v1's whole map), which was 9 % of a lobby's instructions when made for every
 * lobby (`npm run bench:instructions`, 2026-12-03). Frozen: every lobby answers the same object.
 */
const previews = new WeakMap<TLevelDefinition, Readonly<Record<string, unknown>>>();
function levelPreview(mechanic: { preview(level: TLevelDefinition): Record<string, unknown> }, level: TLevelDefinition): Readonly<Record<string, unknown>> {
  let preview = previews.get(level);
  if (!preview) previews.set(level, (preview = Object.freeze(mechanic.preview(level))));
  return preview;
}

function levelStars(levels: readonly TLevelDefinition[], best: Record<string, number> | null): number[] {
  return levels.map((l) => {
    const score = best?.[String(l.number)];
    if (score === undefined) return 0;
    const t = l.stars;
    return t ? starsForScore(score, t) : 1;
  });
}

/** Offered when the project shows a wheel (lobby switch or wheel_only), one is published and the player may spin it. */
function lobbyWheel(row: TLobbyRow, player: TPlayerSession) {
  const w = row.wheel;
  const shown = row.lobby_wheel_enabled || row.entry_mode === "wheel_only";
  const allowed = player.subjectType === "verified" || row.game_mode === "free_play";
  if (!w || !shown || !allowed || clientStatus("wheel") !== "ready") return { enabled: false, wheel_id: null, version: null, entitlement: null, pending: null };
  return {
    enabled: true,
    wheel_id: w.wheel_id,
    version: w.version,
    entitlement: computeEntitlement(w, { spins: w.spins, free: w.free }, w.day, new Date(w.resets_at)),
    pending: w.pending ? { ...w.pending, created_at: new Date(w.pending.created_at).toISOString() } : null,
  };
}
