import { randomBytes, randomUUID } from "node:crypto";
import type { TPlayerSession } from "@/server/domain/players/player-token";
import { recordEvents } from "@/server/domain/events/record-event";
import { AppError } from "@/server/errors/app-error";
import { getMechanic, isMechanicId } from "@/server/games/registry";
import { withTransaction, type TTx } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { hmacHex } from "@/server/lib/crypto";
import { latencyRecorder } from "@/server/metrics/latency";
import { rateLimiter } from "@/server/rate-limit/limiter";
import { clientStatus } from "@/server/domain/catalogue/catalogue-entries";
import { abandonRun } from "./close-run";
import { publishedTrack } from "./levels";
import { isExpired, RUN_COLUMNS, RUN_IDLE_TTL_MS, runView, type TRunRow, type TRunView } from "./run-model";

export type TStartRunInput = {
  startId?: string;
  replaceActive?: boolean;
  intent?: "next";
  levelNumber?: number;
  expectedMechanic?: string;
  supportedGameVersions?: number[][];
};

async function bestScore(tx: TTx, run: TRunRow): Promise<number> {
  const r = await tx.query<{ best_score: number }>(
    "SELECT best_score FROM level_progress WHERE project_id = $1 AND external_user_id = $2 AND mechanic = $3 AND level_number = $4",
    [run.project_id, run.external_user_id, run.mechanic, run.level_number],
  );
  return r.rows[0]?.best_score ?? 0;
}

async function runByStartId(tx: TTx, player: TPlayerSession, startId: string): Promise<TRunRow | null> {
  const r = await tx.query<TRunRow>(`SELECT ${RUN_COLUMNS} FROM game_run WHERE project_id = $1 AND external_user_id = $2 AND start_id = $3`, [
    player.projectId,
    player.externalUserId,
    startId,
  ]);
  return r.rows[0] ?? null;
}

/** The network address a run starts from, as a keyed hash (the fraud gate counts players per address; the address is never stored). */
export function clientIpHash(ip: string): string {
  return hmacHex("client-ip", ip).slice(0, 32);
}

/** Inclusive ranges `[min, max]` (or a single `[v]`) of game versions the client can play. */
function supportsVersion(ranges: number[][] | undefined, version: number): boolean {
  if (!ranges || ranges.length === 0) return true;
  return ranges.some((r) => (r.length === 1 ? r[0] === version : r.length >= 2 && r[0]! <= version && version <= r[1]!));
}

/**
 * Starts (or resumes) a run. The server picks the mechanic (the project's) and the level (the
 * player's next one, or a completed level to replay). A repeated `start_id` returns the run it
 * created, before any rate limit. One transaction, serialised per player by a lock on the
 * progress row (and per start_id by an advisory lock): close an expired active run, return or
 * replace an active one, insert the run and its `game.started` event.
 */
export async function startRun(opts: { player: TPlayerSession; origin: string | null; apiOrigin: string; ip?: string; input: TStartRunInput }): Promise<TRunView> {
  const started = performance.now();
  const { player, input } = opts;
  if (opts.origin !== opts.apiOrigin) throw new AppError("origin_not_allowed", "Origin must be the API origin");
  const limitKey = `${player.projectId}:${player.externalUserId}`;
  if (input.startId) {
    // Concurrent first uses of one start_id queue on this lock; the followers find the winner's
    // run below and return it before the rate limit, as any repeat of a start_id is.
    const existing = await withTransaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`start:${limitKey}:${input.startId}`]);
      const r = await runByStartId(tx, player, input.startId!);
      if (r) return runView(r, { bestScore: await bestScore(tx, r), resumed: false });
      await rateLimiter().enforce("runStart", limitKey);
      return createRun(tx, opts);
    });
    latencyRecorder().record(existing.mechanic, "start", performance.now() - started);
    return existing;
  }
  await rateLimiter().enforce("runStart", limitKey);
  const view = await withTransaction((tx) => createRun(tx, opts));
  latencyRecorder().record(view.mechanic, "start", performance.now() - started);
  return view;
}

/** Inside one transaction: validate the project's game, lock the player's progress, resume/replace/close the active run, insert the new one. */
async function createRun(tx: TTx, opts: { player: TPlayerSession; ip?: string; input: TStartRunInput }): Promise<TRunView> {
  const { player, input } = opts;
  const project = (await tx.query<{ play_mechanic: string | null }>("SELECT play_mechanic FROM project WHERE id = $1", [player.projectId])).rows[0];
  if (!project) throw new AppError("not_found", "Project not found");
  const mechanicId = project.play_mechanic;
  if (!mechanicId || !isMechanicId(mechanicId)) throw new AppError("mechanic_unavailable", "The project has no game selected", { details: { reason: "not_configured" } });
  const status = clientStatus(mechanicId);
  if (status !== "ready") throw new AppError("mechanic_unavailable", `${mechanicId} is not available`, { details: { reason: status } });
  if (input.expectedMechanic && input.expectedMechanic !== mechanicId) {
    throw new AppError("mechanic_mismatch", `The project plays ${mechanicId}`, { details: { mechanic: mechanicId } });
  }
  const mechanic = getMechanic(mechanicId);
  if (!supportsVersion(input.supportedGameVersions, mechanic.gameVersion)) {
    throw new AppError("unsupported_game_version", `The client does not support game version ${mechanic.gameVersion}`, { details: { game_version: mechanic.gameVersion } });
  }
  const track = await publishedTrack(mechanicId);
  if (track.levels.length === 0) throw new AppError("mechanic_unavailable", "No published levels", { details: { reason: "no_levels" } });

  const at = now();
  await tx.query(
    `INSERT INTO player_progress (project_id, external_user_id, mechanic, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [player.projectId, player.externalUserId, mechanicId, at],
  );
  const progress = (
    await tx.query<{ next_level_number: number; cycle_round: number; levels_completed: number; track_completed: boolean }>(
      `SELECT next_level_number, cycle_round, levels_completed, track_completed FROM player_progress
        WHERE project_id = $1 AND external_user_id = $2 AND mechanic = $3 FOR UPDATE`,
      [player.projectId, player.externalUserId, mechanicId],
    )
  ).rows[0]!;
  const active = (
    await tx.query<TRunRow>(`SELECT ${RUN_COLUMNS} FROM game_run WHERE project_id = $1 AND external_user_id = $2 AND status = 'active' FOR UPDATE`, [
      player.projectId,
      player.externalUserId,
    ])
  ).rows[0];
  if (active) {
    if (isExpired(active, at)) await abandonRun(tx, active, "expired");
    else if (input.replaceActive) await abandonRun(tx, active, "replaced");
    else return runView(active, { bestScore: await bestScore(tx, active), resumed: true });
  }
  let levelNumber = progress.next_level_number;
  let isReplay = false;
  if (input.levelNumber !== undefined) {
    const completed = progress.track_completed || input.levelNumber < progress.next_level_number;
    if (!completed || input.levelNumber > track.levels.length) throw new AppError("level_locked", `Level ${input.levelNumber} is not completed yet`);
    levelNumber = input.levelNumber;
    isReplay = true;
  }
  const level = track.levels[Math.min(levelNumber, track.levels.length) - 1]!;
  const seed = randomBytes(16).toString("hex");
  const state = mechanic.init(level, seed);
  const runId = randomUUID();
  const inserted = await tx.query<TRunRow>(
    `INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version,
        cycle_round, is_replay, seed, state, status, score, start_id, started_at, last_activity_at, expires_at, client_ip_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, 'active', $14, $15, $16, $16, $17, $18)
     RETURNING ${RUN_COLUMNS}`,
    [
      runId, player.projectId, player.externalUserId, mechanicId, mechanic.gameVersion, level.id, level.version, level.number, track.trackVersion,
      progress.cycle_round, isReplay, seed, JSON.stringify(state), mechanic.score(state), input.startId ?? null, at, new Date(at.getTime() + RUN_IDLE_TTL_MS),
      opts.ip ? clientIpHash(opts.ip) : null,
    ],
  );
  await tx.query(`UPDATE player_progress SET runs_started = runs_started + 1, last_run_id = $4, updated_at = $5 WHERE project_id = $1 AND external_user_id = $2 AND mechanic = $3`, [
    player.projectId, player.externalUserId, mechanicId, runId, at,
  ]);
  await recordEvents(tx, [
    {
      projectId: player.projectId,
      externalUserId: player.externalUserId,
      type: "game.started",
      source: "system",
      runId,
      sessionId: player.sessionId,
      payload: { mechanic: mechanicId, level_number: level.number, level_id: level.id, is_replay: isReplay, cycle_round: progress.cycle_round },
      at,
    },
  ]);
  const run = inserted.rows[0]!;
  return runView(run, { bestScore: await bestScore(tx, run), resumed: false });
}
