import { randomUUID } from "node:crypto";
import { secureRandomHex } from "@/server/lib/random";
import type { TPlayerSession } from "@/server/domain/identity";
import { eventsInsert } from "@/server/domain/gameplay/events/record-event";
import { noteActivePlayers } from "@/server/domain/money";
import { AppError } from "@/server/errors/app-error";
import { getMechanic, isMechanicId } from "@/games/registry";
import type { TBatch } from "@/server/db/batch";
import { withTransaction, type TTx } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { addressHashes } from "@/server/domain/trust";
import { guardPlayerWrite } from "@/server/domain/identity";
import { latencyRecorder } from "@/server/metrics/latency";
import type { TLimitGate } from "@/server/rate-limit/gate";
import { clientStatus } from "@/server/domain/gameplay/catalogue/catalogue-entries";
import { abandonRun } from "./close-run";
import { publishedTrack } from "./levels";
import { cachedRun, runCache } from "./run-cache";
import { LEVEL_BEFORE_JOIN } from "./progression";
import { isExpired, newRunRow, RUN_COLUMNS_R, runFromJson, runView, type TRunJson, type TRunRow, type TRunView } from "./run-model";

export type TStartRunInput = {
  startId?: string;
  replaceActive?: boolean;
  intent?: "next";
  levelNumber?: number;
  expectedMechanic?: string;
  supportedGameVersions?: number[][];
};

/** Inclusive ranges `[min, max]` (or a single `[v]`) of game versions the client can play. */
function supportsVersion(ranges: number[][] | undefined, version: number): boolean {
  if (!ranges || ranges.length === 0) return true;
  return ranges.some((r) => (r.length === 1 ? r[0] === version : r.length >= 2 && r[0]! <= version && version <= r[1]!));
}

type TRunWithBest = TRunRow & { best_score: number | null };

/** A run's row and the player's best score on its level, for run views. */
const RUN_WITH_BEST = `${RUN_COLUMNS_R},
  (SELECT lp.best_score FROM level_progress lp WHERE lp.project_id = r.project_id AND lp.external_user_id = r.external_user_id
      AND lp.mechanic = r.mechanic AND lp.level_number = r.level_number) AS best_score`;

/**
 * Starts (or resumes) a run. The server picks the mechanic (the project's) and the level (the
 * player's next one, or a completed level to replay). One transaction, serialised per player by
 * the lock on their progress row, in two round trips: the progress row (created if new, locked)
 * with the player's active run and the run of this `start_id`, if any (a repeated `start_id` returns
 * the run it created whatever the rate limit says, and the point it consumed is given back); then,
 * if the rate limit allows, the new run with its
 * progress count and `game.started` event in one statement, sent with the COMMIT. An expired active run is closed, and
 * an active one returned or (replace_active) replaced.
 */
export async function startRun(opts: { player: TPlayerSession; origin: string | null; apiOrigin: string; ip?: string; input: TStartRunInput; limits: TLimitGate }): Promise<TRunView> {
  const started = performance.now();
  if (opts.origin !== opts.apiOrigin) throw new AppError("origin_not_allowed", "Origin must be the API origin");
  const view = await withTransaction((tx, batch) => createRun(tx, batch, opts));
  latencyRecorder().record(view.mechanic, "start", performance.now() - started);
  return view;
}

/** Inside one transaction: lock the player's progress, answer a known start_id, validate the game, resume/replace/close the active run, insert the new one. */
async function createRun(tx: TTx, batch: TBatch, opts: { player: TPlayerSession; ip?: string; input: TStartRunInput; limits: TLimitGate }): Promise<TRunView> {
  const { player, input } = opts;
  const at = now();
  // The uuid column keeps a start_id lower-case: a repeat in another letter case is the same start.
  const startId = input.startId?.toLowerCase() ?? null;
  // The start limit's answer is asked beside the first round trip; a repeated start_id is answered
  // whatever it says and gets its point back.
  opts.limits.ask();
  // First (before the progress row's lock), as every player write: the player's data lock, and
  // behind it the erased-session and blocked-player checks (write-guard.ts).
  const guard = guardPlayerWrite(tx, player, { ingress: true });
  // One round trip (sent together with BEGIN; the server runs them in order): the progress row for
  // the project's game, created if new and locked either way (the upsert takes the row lock:
  // concurrent starts of one player queue there), then — in a fresh snapshot taken once that lock is
  // granted, so it sees every earlier start — the active run and this start_id's run.
  const progressRow = batch.send(
    tx.query<{ mechanic: string; next_level_number: number; cycle_round: number; levels_completed: number; track_completed: boolean }>({
      name: "start_progress", // prepared, as the run's insert below (both were parsed and planned on every start)
      text: `INSERT INTO player_progress AS pp (project_id, external_user_id, mechanic, updated_at)
       SELECT p.id, $2, p.play_mechanic, $3 FROM project p WHERE p.id = $1 AND p.play_mechanic IS NOT NULL
       ON CONFLICT (project_id, external_user_id, mechanic) DO UPDATE SET updated_at = pp.updated_at
       RETURNING mechanic, next_level_number, cycle_round, levels_completed, track_completed`,
      values: [player.projectId, player.externalUserId, at],
    }),
  );
  // Not prepared, unlike the start's other two statements: a generic plan cannot drop the OR's
  // side for a null start_id, and on a table without statistics it read every active run through
  // the expiry index; planned for the given values it finds the player's active run by its index.
  // One JSON column, not the run's 25: the driver describes every column of an unnamed statement
  // on every start (and builds its parsers), though the usual answer has no row at all.
  const runRows = batch.send(tx.query<{ run: TRunJson & { best_score: number | null } }>(
    `SELECT to_json(x) AS run FROM (SELECT ${RUN_WITH_BEST} FROM game_run r
      WHERE r.project_id = $1 AND r.external_user_id = $2 AND (r.status = 'active' OR r.start_id = $3) FOR UPDATE OF r) x`,
    [player.projectId, player.externalUserId, startId],
  ));
  // the upsert's own error first (the read behind a failed statement fails too, saying less)
  const progress = (await progressRow).rows[0];
  const runs: TRunWithBest[] = (await runRows).rows.map((r) => runFromJson(r.run));
  await guard;
  const same = startId ? runs.find((r) => r.start_id === startId) : undefined;
  if (same) {
    // Given back before the answer, so the player's next start sees it (a repeat is rare).
    await opts.limits.giveBack();
    return runView(same, { bestScore: same.best_score ?? 0, resumed: false, at });
  }
  await opts.limits.enforce();

  if (!progress) {
    const exists = (await tx.query("SELECT 1 FROM project WHERE id = $1", [player.projectId])).rowCount;
    if (!exists) throw new AppError("not_found", "Project not found");
    throw new AppError("mechanic_unavailable", "The project has no game selected", { details: { reason: "not_configured" } });
  }
  const mechanicId = progress.mechanic;
  if (!isMechanicId(mechanicId)) throw new AppError("mechanic_unavailable", "The project has no game selected", { details: { reason: "not_configured" } });
  const status = clientStatus(mechanicId);
  if (status !== "ready") throw new AppError("mechanic_unavailable", `${mechanicId} is not available`, { details: { reason: status } });
  if (input.expectedMechanic && input.expectedMechanic !== mechanicId) {
    throw new AppError("mechanic_mismatch", `The project plays ${mechanicId}`, { details: { mechanic: mechanicId } });
  }
  const mechanic = getMechanic(mechanicId);
  if (!supportsVersion(input.supportedGameVersions, mechanic.gameVersion)) {
    throw new AppError("unsupported_game_version", `The client does not support game version ${mechanic.gameVersion}`, { details: { game_version: mechanic.gameVersion } });
  }
  const track = await publishedTrack(mechanicId, tx);
  if (track.levels.length === 0) throw new AppError("mechanic_unavailable", "No published levels", { details: { reason: "no_levels" } });

  const active = runs.find((r) => r.status === "active");
  if (active) {
    if (isExpired(active, at)) await abandonRun(tx, active, "expired");
    else if (input.replaceActive) await abandonRun(tx, active, "replaced");
    else return runView(active, { bestScore: active.best_score ?? 0, resumed: true, at });
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
  const seed = secureRandomHex(16);
  const state = mechanic.init(level, seed);
  const runId = randomUUID();
  const started = eventsInsert(
    [
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
    ],
    19,
  );
  // The start address as the fraud gate counts it (its network), and its full address's hash.
  const address = addressHashes(opts.ip);
  await noteActivePlayers(tx, [{ projectId: player.projectId, externalUserId: player.externalUserId, at }]);
  const run = newRunRow({
    id: runId, projectId: player.projectId, externalUserId: player.externalUserId, mechanic: mechanicId, gameVersion: mechanic.gameVersion,
    level, trackVersion: track.trackVersion, cycleRound: progress.cycle_round, isReplay, seed, state, score: mechanic.score(state), startId, at, address,
  });
  // The run, the progress count, the fraud gate's address rollup (migration 0017) and the event in
  // one statement; it answers only the level's best before the run (the row is known: newRunRow).
  // The transaction's COMMIT goes with it: nothing is decided after it.
  const inserted = await batch.commitWith(tx.query<{ lp_best_score: number | null; lp_completions: number | null }>({
    name: "start_insert", // one text: the event insert always has one row
    text: `WITH r AS (
       INSERT INTO game_run (id, project_id, external_user_id, mechanic, game_version, level_id, level_version, level_number, track_version,
          cycle_round, is_replay, seed, state, status, score, start_id, started_at, last_activity_at, expires_at, client_ip_hash, client_addr_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, 'active', $14, $15, $16, $16, $17, $18, $19)
       RETURNING project_id, external_user_id, mechanic, level_number),
     p AS (UPDATE player_progress SET runs_started = runs_started + 1, last_run_id = $1, updated_at = $16 WHERE project_id = $2 AND external_user_id = $3 AND mechanic = $4),
     a AS (INSERT INTO address_player (project_id, client_ip_hash, external_user_id, last_started_at)
           SELECT $2, $18, $3, $16 WHERE $18::text IS NOT NULL
           ON CONFLICT (project_id, client_ip_hash, external_user_id) DO UPDATE SET last_started_at = EXCLUDED.last_started_at
           WHERE address_player.last_started_at < EXCLUDED.last_started_at),
     e AS (${started.sql})
     SELECT lp.* FROM r ${LEVEL_BEFORE_JOIN}`,
    values: [
      run.id, run.project_id, run.external_user_id, run.mechanic, run.game_version, run.level_id, run.level_version, run.level_number, run.track_version,
      run.cycle_round, run.is_replay, run.seed, JSON.stringify(state), run.score, run.start_id, at, run.expires_at,
      run.client_ip_hash, run.client_addr_hash, ...started.values,
    ],
  }));
  const { lp_best_score, lp_completions } = inserted.rows[0]!;
  // The first move can skip reading the run (a rolled-back start leaves a hint that matches nothing);
  // every move since the start is known here: none yet; and so is the progress it starts from, which
  // this transaction holds locked (the run's finishing move can be computed from it).
  const before = {
    pp_next_level_number: progress.next_level_number, pp_cycle_round: progress.cycle_round, pp_track_completed: progress.track_completed,
    pp_levels_completed: progress.levels_completed, lp_best_score, lp_completions,
  };
  runCache.put(cachedRun(run, { moves: [], derived: true, before }));
  return runView(run, { bestScore: lp_best_score ?? 0, resumed: false, at });
}
