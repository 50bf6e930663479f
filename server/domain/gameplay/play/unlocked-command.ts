import { pool, writeLane } from "@/server/db/client";
import type { TPlayerSession } from "@/server/domain/identity";
import { playerBlockedSql, sessionErasedParams, sessionErasedSql } from "@/server/domain/identity";
import { getMechanic } from "@/games/registry";
import { now } from "@/server/lib/clock";
import { EVENT_FACTS, replay, type TCommandInput, type TCommandResponse, type TStoredCommand } from "./command-model";
import { commandWrite, STORED_COMMAND } from "./command-sql";
import { runCache, withMove, type TCachedRun } from "./run-cache";
import { isExpired, RUN_COLUMNS, type TRunRow } from "./run-model";

type TReadRow = TRunRow & { stored: TStoredCommand | null; erased: boolean; blocked: boolean };

export type TUnlockedOutcome =
  | { answered: true; response: TCommandResponse; mechanic: string }
  /** `won`: the run this move wins, as this process had it (with its moves when known), when the engine already saw it win (else null). */
  | { answered: false; won: TCachedRun | null };
const LOCKED: TUnlockedOutcome = { answered: false, won: null };

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
 * is awaited before any answer or write here, and by the locked way for what it decides. Anything else — a move that ends
 * the run or raises events, a booster, a closed, expired or out-of-sequence run, or a lost race —
 * answers `locked` and goes the locked way, which decides it exactly as before; `won` says the engine
 * already saw this move win the run (the locked way then sends the claim decision's reads with its
 * locked read). A stored twin found by the read is answered here too: stored commands never change.
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
    // Its moves are known only when it has none yet.
    row = { ...read, moves: read.sequence === 0 ? [] : null };
  }
  const at = now();
  if (row.status !== "active" || input.sequence !== row.sequence + 1 || isExpired(row, at)) return LOCKED;
  // the engine runs while the limiter answers; nothing is written before that answer
  const result = getMechanic(row.mechanic).apply(row.state, { action: input.action, payload: input.payload });
  if (result.accepted && (result.finished || result.facts.some((f) => EVENT_FACTS.has(f.name)))) {
    return { answered: false, won: result.finished && result.outcome === "won" ? row : null };
  }
  await gate;
  const body: TCommandResponse = {
    run_id: row.id,
    sequence: input.sequence,
    accepted: result.accepted,
    ...(result.accepted ? {} : { rejection_code: result.rejection_code ?? "refused" }),
    status: "active",
    view: result.view,
    animation_steps: result.animation_steps,
    facts: result.facts,
  };
  const write = commandWrite({ row, input, body, state: result.state, score: result.score, clientVersion, at, endReason: null, finished: false, session: sessionErasedParams(player) });
  // on the write lane: pipelined with other requests' commands on a few busy connections (db/lane.ts)
  const moved = await writeLane()
    .query<{ moved: number }>({ name: "command_write_unlocked", text: write.unlocked, values: write.unlockedParams })
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
    return LOCKED;
  }
  const move = { action: input.action, payload: write.payloadJson, accepted: result.accepted };
  runCache.put({ ...row, sequence: input.sequence, state: result.state, score: result.score, ...write.activity, moves: withMove(row.moves, move) });
  return { answered: true, response: body, mechanic: row.mechanic };
}
