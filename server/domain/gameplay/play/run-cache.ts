import { registerPlayerCache } from "@/server/domain/identity";
import type { TPlayerSession } from "@/server/domain/identity";
import { now } from "@/server/lib/clock";
import type { TProgressionBefore } from "./progression";
import type { TRunRow } from "./run-model";

/** A move as this process wrote it: its payload as the JSON text it was stored from. */
export type TCachedMove = { action: string; payload: string; accepted: boolean };
/**
 * A cached run and, when this process wrote every one of its moves since it started, those moves
 * in order (null when it did not, or when there are more than MAX_TRACKED_MOVES). A winning move
 * replays them while its first round trip is out (verify-run.ts, replayAhead); the stored commands
 * stay the truth it is checked against.
 */
export type TCachedRun = TRunRow & {
  moves: readonly TCachedMove[] | null;
  /**
   * Whether `state` is this process's engine's own, derived from the level's init (the run's start
   * was made here) through exactly `moves`; false for a run read from the database, whose stored
   * state is what a replay checks. A winning move of such a run needs no replay (verify-run.ts,
   * reachedAheadSoon). Every entry that is not a start's is made from an earlier entry by the
   * engine's move (unlocked-command.ts) or read from the database (then false).
   */
  derived: boolean;
  /**
   * The player's track progress and the level's best as the run's start found them (its start was
   * made here), else null: a finishing move can then be written without the locked way, while the
   * progress is still as that start left it (command-sql.ts, unlockedEffectsWrite).
   */
  before: TProgressionBefore | null;
};
const MAX_TRACKED_MOVES = 300;

/** What a written move changes of a run (its activity time and expiry move once a minute). */
export type TRunMove = Pick<TRunRow, "sequence" | "state" | "score" | "status" | "last_activity_at" | "expires_at">;

/**
 * A cache entry: the run `r` after the move `m` (default: as it is), with its moves and progress
 * before. Every field is named, in one order, so that every entry has one hidden class: built with
 * spreads, entries took the shape of whatever they were made from (a database row, an earlier
 * entry), reading them went megamorphic and each spread took V8's slow copy — about 8 k
 * instructions a command (`npm run bench:instructions`, 2026-12-03). A field added to TRunRow
 * fails to compile here until it is named.
 */
export function cachedRun(r: TRunRow, known: Pick<TCachedRun, "moves" | "derived" | "before">, m: TRunMove = r): TCachedRun {
  return {
    id: r.id,
    project_id: r.project_id,
    external_user_id: r.external_user_id,
    mechanic: r.mechanic,
    game_version: r.game_version,
    level_id: r.level_id,
    level_version: r.level_version,
    level_number: r.level_number,
    track_version: r.track_version,
    cycle_round: r.cycle_round,
    is_replay: r.is_replay,
    seed: r.seed,
    state: m.state,
    status: m.status,
    end_reason: r.end_reason,
    sequence: m.sequence,
    score: m.score,
    start_id: r.start_id,
    started_at: r.started_at,
    last_activity_at: m.last_activity_at,
    expires_at: m.expires_at,
    ended_at: r.ended_at,
    client_ip_hash: r.client_ip_hash,
    client_addr_hash: r.client_addr_hash,
    moves: known.moves,
    derived: known.derived && known.moves !== null,
    before: known.before,
  };
}

/** `moves` with one more (a new array: entries are never changed in place), or null past the cap. */
export function withMove(moves: readonly TCachedMove[] | null, move: TCachedMove): readonly TCachedMove[] | null {
  return moves && moves.length < MAX_TRACKED_MOVES ? [...moves, move] : null;
}

/**
 * Active runs as this process last wrote them, so the next move of a run can skip reading it.
 * A run's state at a given sequence never changes, and every move written from here is a
 * compare-and-set on (sequence, status): an entry that another instance or the expiry job has made
 * stale only costs that move its fast way (the write moves nothing, the entry is dropped and the
 * move is decided from the database). The database stays the only truth; with several instances
 * each keeps its own hints. Bounded (the oldest entries go first) and only for active runs.
 */
const MAX_RUNS = 20_000;
const runs = new Map<string, TCachedRun>();
/** Each project's game mode as this process's last locked move read it (a hint: see claimsLikely). */
const MAX_PROJECTS = 10_000;
const modes = new Map<string, string>();

export const runCache = {
  /** The run as last written here, if it belongs to this player and is active. */
  get(runId: string, player: Pick<TPlayerSession, "projectId" | "externalUserId">): TCachedRun | null {
    const row = runs.get(runId);
    if (!row || row.project_id !== player.projectId || row.external_user_id !== player.externalUserId) return null;
    return row;
  },
  /** Remembers a run after a move was written (a finished run is forgotten). */
  put(row: TCachedRun): void {
    runs.delete(row.id);
    if (row.status !== "active") return;
    if (runs.size >= MAX_RUNS) runs.delete(runs.keys().next().value!);
    runs.set(row.id, row);
  },
  drop(runId: string): void {
    runs.delete(runId);
  },
  /**
   * Forgets the runs whose expiry has passed (they can no longer be moved): what this process holds
   * of a player leaves with their run's expiry, about half an hour after their last move, even when
   * an erasure's announcement to every instance was missed (identity's hot-storage.ts). Swept every
   * minute (SWEEP_MS).
   */
  sweepExpired(at: Date): void {
    const t = at.getTime();
    for (const [id, row] of runs) if (row.expires_at.getTime() <= t) runs.delete(id);
  },
  /** Forgets every run of a player (erasure). */
  dropPlayer(projectId: string, externalUserId: string): void {
    for (const [id, row] of runs) if (row.project_id === projectId && row.external_user_id === externalUserId) runs.delete(id);
  },
  /**
   * Whether a win in this project likely makes claims: its game mode, as the last locked move here
   * read it, is not free play. Only decides whether a winning move sends the claim decision's reads
   * ahead (apply-command): a stale answer costs a round trip or a few wasted reads, never a claim.
   */
  claimsLikely(projectId: string): boolean {
    const mode = modes.get(projectId);
    return mode !== undefined && mode !== "free_play";
  },
  /**
   * Whether the last locked move here saw this project in free play: only then does a winning move
   * try the unlocked way, whose statement applies only while the project still is (a stale answer
   * costs that move a round trip, never a claim).
   */
  freePlay(projectId: string): boolean {
    return modes.get(projectId) === "free_play";
  },
  noteGameMode(projectId: string, mode: string): void {
    if (modes.get(projectId) === mode) return;
    if (modes.size >= MAX_PROJECTS) modes.delete(modes.keys().next().value!);
    modes.set(projectId, mode);
  },
  /** Whether a run is remembered here (tests). */
  has(runId: string): boolean {
    return runs.has(runId);
  },
};

registerPlayerCache(runCache);

const SWEEP_MS = 60_000;
// Unref'd: it never keeps a process alive.
setInterval(() => runCache.sweepExpired(now()), SWEEP_MS).unref?.();
