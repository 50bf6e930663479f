import { pool, writeLane } from "@/server/db/client";
import { namedQuery } from "@/server/db/statement-names";
import { activePlayersRecorded } from "@/server/domain/money";
import type { TPlayerSession } from "@/server/domain/identity";
import { playerBlockedSql, sessionErasedParams, sessionErasedSql } from "@/server/domain/identity";
import { getMechanic } from "@/games/registry";
import { now } from "@/server/lib/clock";
import { replay, type TCommandInput, type TCommandResponse, type TStoredCommand } from "./command-model";
import { commandWrite, STORED_COMMAND, unlockedEffectsWrite } from "./command-sql";
import { decideCommand } from "./decide-command";
import { cachedTrack } from "./levels";
import type { TProgressionBefore } from "./progression";
import { cachedRun, runCache, withMove, type TCachedRun } from "./run-cache";
import { isExpired, RUN_COLUMNS, type TRunRow } from "./run-model";

type TReadRow = TRunRow & { stored: TStoredCommand | null; erased: boolean; blocked: boolean };

export type TUnlockedOutcome =
  | { answered: true; response: TCommandResponse; mechanic: string }
  /**
   * `won`: when the engine already saw this move win the run (else null), the run as this process
   * had it (with its moves when known) and the state the engine reached from it (`reached`).
   */
  | { answered: false; won: TWonMove | null };
/** A winning move as the unlocked way saw it: the run before it, as this process had it, and the state the engine reached. */
export type TWonMove = { run: TCachedRun; reached: unknown };
const LOCKED: TUnlockedOutcome = { answered: false, won: null };
/** A run whose start this process did not see: its progress before is unknown (a finishing move then goes the locked way). */
const NO_PROGRESS: TProgressionBefore = { pp_next_level_number: null, pp_cycle_round: null, pp_track_completed: null, pp_levels_completed: null, lp_best_score: null, lp_completions: null };

/** The run, a stored twin of the command, whether the session was erased and whether the player is blocked, read without a lock (prepared: the hot path's first statement). */
async function readRunUnlocked(player: TPlayerSession, runId: string, input: TCommandInput): Promise<TReadRow | undefined> {
  const { rows } = await pool().query<TReadRow>({
    name: "command_read_run",
    text: `SELECT ${RUN_COLUMNS}, (${STORED_COMMAND}) AS stored, ${sessionErasedSql("$6", "$8", "$9")} AS erased, ${playerBlockedSql("$6", "$7", "$10")} AS blocked
             FROM game_run WHERE id = $1 AND project_id = $6 AND external_user_id = $7`,
    values: [runId, input.commandId, input.sequence, input.action, JSON.stringify(input.payload), player.projectId, player.externalUserId, ...sessionErasedParams(player), now()],
  });
  return rows[0];
}

/**
 * The common move, without a transaction: the run as this process last wrote it (run-cache), or
 * read without a lock; the engine; then the command and the run written in one statement that
 * applies only if nobody moved the run meanwhile (a compare-and-set on its sequence and status).
 * One round trip with a cached run, two without, instead of four; the rate limit's answer (`gate`)
 * is awaited before any answer or write here, and by the locked way for what it decides. The move is
 * decided by the locked way's own decider (decide-command.ts). A move that raises events, or ends the
 * run, is written the same way with its events and progression in the statement (command-sql.ts,
 * unlockedEffectsWrite) when this process knows what that needs: a finishing move, the progress its
 * run started from (the start was made here) and the published track; a win, that the project is in
 * free play (no claims); events, that their player is counted for billing this month. Anything else
 * — such a move without that knowledge, a win that makes claims, a booster, a closed, expired or
 * out-of-sequence run, or a lost race — answers `locked` and goes the locked way, which decides it
 * exactly as before; `won` says the engine already saw this move win the run (the locked way then
 * sends the claim decision's reads with its locked read). A stored twin found by the read is
 * answered here too: stored commands never change.
 */
export async function tryUnlockedCommand(
  player: TPlayerSession,
  runId: string,
  input: TCommandInput,
  clientVersion: string | null,
  gate: Promise<void>,
): Promise<TUnlockedOutcome> {
  // A move that goes the locked way does not wait here for the rate limit's answer: the locked way
  // awaits it after its locked read, before anything is answered or written, so its first round
  // trip overlaps the limiter's.
  if (input.action === "booster") return LOCKED;
  const cached = runCache.get(runId, player);
  let row: TCachedRun;
  if (cached && input.sequence === cached.sequence + 1) {
    row = cached;
  } else {
    // a replay, an out-of-order move or an unknown run: read it (beside the rate limit's answer)
    const [, read] = await Promise.all([gate, readRunUnlocked(player, runId, input)]);
    // Not this player's (or no longer there, after an erasure), an erased session or a blocked
    // player: the locked way answers (404, 401 `session_erased`, 403 `fraud_blocked`).
    if (!read || read.erased || read.blocked) return LOCKED;
    if (read.stored) return { answered: true, response: replay(read.stored), mechanic: read.mechanic };
    // Its moves are known only when it has none yet; its state is the stored one, not this engine's.
    row = cachedRun(read, { moves: read.sequence === 0 ? [] : null, derived: false, before: null });
  }
  const at = now();
  if (row.status !== "active" || input.sequence !== row.sequence + 1 || isExpired(row, at)) return LOCKED;
  // the engine runs while the limiter answers; nothing is written before that answer
  const mechanic = getMechanic(row.mechanic);
  const applied = mechanic.apply(row.state, { action: input.action, payload: input.payload });
  const finishing = applied.accepted && applied.finished;
  const won = finishing && applied.outcome === "won";
  const locked: TUnlockedOutcome = { answered: false, won: won ? { run: row, reached: applied.state } : null };
  // A finishing move needs the progress its run started from (known when the start was made here)
  // and the published track; a win, a project this process last saw in free play (no claims).
  const track = finishing ? cachedTrack(row.mechanic) : null;
  if (finishing && (!row.before || !track || (won && !runCache.freePlay(row.project_id)))) return locked;
  const decision = decideCommand({
    // the game mode decides only a win's claims: a win gets here only in free play (the statement checks it), so it makes none
    run: row,
    before: row.before ?? NO_PROGRESS,
    gameMode: "free_play",
    input, at, mechanic, levelsTotal: track?.levels.length ?? 0, sessionId: player.sessionId, applied,
  });
  // events count their players for billing, which needs a transaction unless this process saw them counted
  if (!activePlayersRecorded(decision.events)) return locked;
  await gate;
  const { body } = decision;
  const write = commandWrite({ row, input, body, state: applied.state, score: applied.score, clientVersion, at, endReason: decision.endReason, finished: decision.finished, session: sessionErasedParams(player) });
  const effects = decision.progression || decision.events.length > 0 ? unlockedEffectsWrite(write, { run: row, progression: decision.progression, events: decision.events, win: won }) : null;
  const statement = effects ? namedQuery("command_write_unlocked_fx", effects.text, effects.values) : { name: "command_write_unlocked", text: write.unlocked, values: write.unlockedParams };
  // on the write lane: pipelined with other requests' commands on a few busy connections (db/lane.ts)
  const moved = await writeLane()
    .query<{ moved: number }>(statement)
    .then((r) => r.rows[0]?.moved ?? 0, (e: unknown) => {
      const code = (e as { code?: string }).code;
      // a twin with this command_id committed between the statement's check and its insert
      if (code === "23505") return 0;
      // cancelled (the lane's statement_timeout while it waited for the run's row lock, say): it
      // rolled back, so the locked way decides the move, waiting for that lock without a timeout
      if (code === "57014") return 0;
      throw e;
    });
  if (moved !== 1) {
    runCache.drop(runId);
    return locked;
  }
  const move = { action: input.action, payload: write.payloadJson, accepted: applied.accepted };
  // a finished run is forgotten (put keeps active runs only)
  const { activity } = write;
  const after = { sequence: input.sequence, state: applied.state, score: applied.score, status: decision.status, last_activity_at: activity.last_activity_at, expires_at: activity.expires_at };
  // the state after this move is the engine's from the entry's: derived here when that one was
  runCache.put(cachedRun(row, { moves: withMove(row.moves, move), derived: row.derived, before: row.before }, after));
  return { answered: true, response: body, mechanic: row.mechanic };
}
