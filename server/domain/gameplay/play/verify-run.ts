import { isDeepStrictEqual } from "node:util";
import type { TTx } from "@/server/db/tx";
import type { TRunRow } from "@/server/domain/gameplay/play/run-model";
import { cachedTrack, publishedTrack } from "@/server/domain/gameplay/play/levels";
import type { TCachedMove } from "@/server/domain/gameplay/play/run-cache";
import type { TCommand, TLevelDefinition, TRecordedCommand } from "@/games/types";
import { jsonbText } from "@/server/lib/jsonb-size";
import { replayText } from "./replay-text";
import { replayOnThread } from "./replay-thread";

type TReplayedRun = Pick<TRunRow, "mechanic" | "level_id" | "level_version" | "level_number" | "seed">;

/** The run's pinned level: from the published track when that is the version it pinned, else its stored row. */
export async function pinnedLevel(tx: TTx, run: Pick<TRunRow, "mechanic" | "level_id" | "level_version">): Promise<TLevelDefinition | null> {
  const published = (await publishedTrack(run.mechanic, tx)).levels.find((l) => l.id === run.level_id && l.version === run.level_version);
  if (published) return published;
  const { rows } = await tx.query<{ definition: TLevelDefinition; number: number }>(
    "SELECT definition, number FROM game_level WHERE mechanic = $1 AND level_id = $2 AND level_version = $3",
    [run.mechanic, run.level_id, run.level_version],
  );
  return rows[0] ? { ...rows[0].definition, id: run.level_id, version: run.level_version, number: rows[0].number } : null;
}

/** The run's stored commands in order (inside the caller's transaction). */
export async function runCommands(tx: TTx, runId: string): Promise<TRecordedCommand[]> {
  const { rows } = await tx.query<{ action: string; payload: Record<string, unknown>; accepted: boolean; created_at: Date }>({
    name: "run_commands", // prepared: read for every claim of a won run
    text: "SELECT action, payload, accepted, created_at FROM game_command WHERE run_id = $1 ORDER BY sequence",
    values: [runId],
  });
  return rows.map((r) => ({ action: r.action, payload: r.payload, accepted: r.accepted, at: r.created_at }));
}

/**
 * A replay made before the run's stored commands are read: of the run as this process served it
 * (its pinned level, its seed, the moves it wrote and the winning one), and what it ended in, as
 * canonical jsonb text (null: the engine threw). verifyRunReplay uses it only when the stored
 * commands and the locked run are exactly these.
 */
export type TReplayAhead = { run: Pick<TRunRow, "mechanic" | "level_id" | "level_version" | "seed">; commands: TCommand[]; stateText: string | null; onThread: boolean; fromState: boolean };

/**
 * How many verifications used a replay made ahead (`onThread` of them made on the replay thread,
 * `fromState` of them taken from this process's own state without replaying), and how many
 * replayed in the transaction (tests, diagnostics).
 */
const counts = { ahead: 0, onThread: 0, fromState: 0, inTransaction: 0 };
export function replayCounts(): Readonly<typeof counts> {
  return { ...counts };
}

/** The same counts by the way each win was checked, as `/metrics` shows them (playloop_win_checks). */
export type TWinCheckCounts = { own_state: number; ahead_thread: number; ahead_loop: number; transaction: number };
export function winCheckCounts(): TWinCheckCounts {
  return { own_state: counts.fromState, ahead_thread: counts.onThread, ahead_loop: counts.ahead - counts.onThread - counts.fromState, transaction: counts.inTransaction };
}

/**
 * Replays a run from this process's copy of its moves plus the winning one, without holding up
 * anything: the winning move sends its locked read and the stored commands' read first, and this
 * starts in the next tick — after the statements the current turn sent have left (the client sends
 * a turn's statements in a tick of its own, see corked-client.ts) — so the replay runs while their
 * round trip is out: on the replay thread when the process has one (replay-thread.ts), else on the
 * event loop. Null when the pinned level is not in this process's cached track, when the thread
 * gave no answer, or when anything failed: the transaction then replays the stored commands.
 */
export function replayAheadSoon(run: TReplayAhead["run"], moves: readonly TCachedMove[], winning: TCommand): Promise<TReplayAhead | null> {
  return new Promise<TReplayAhead | null>((resolve, reject) => {
    process.nextTick(() => replayAhead(run, moves, winning).then(resolve, reject));
  }).catch(() => null);
}

async function replayAhead(run: TReplayAhead["run"], moves: readonly TCachedMove[], winning: TCommand): Promise<TReplayAhead | null> {
  const level = cachedTrack(run.mechanic)?.levels.find((l) => l.id === run.level_id && l.version === run.level_version);
  if (!level) return null;
  const commands = commandsOf(moves, winning);
  const job = { mechanic: run.mechanic, level, seed: run.seed, commands };
  const onThread = replayOnThread(job);
  const answer = onThread ? await onThread : { stateText: replayText(job) };
  if (!answer) return null;
  return { run: replayedRun(run), commands, stateText: answer.stateText, onThread: onThread !== null, fromState: false };
}

/**
 * replayAheadSoon for a run whose state this process's engine derived itself, from the level's
 * init (the run's start was made here) through exactly `moves` (run-cache.ts, `derived`): a replay
 * of those moves and the winning one would end in the state the engine reached when it took the
 * winning move from that state — `reached`, computed already — so none is made; only its canonical
 * text. verifyRunReplay checks it as it checks a replay: the stored commands must be exactly these
 * moves and the locked run this run (mechanic, level, seed), and the state the winning move reaches
 * from the locked run's stored state must be `reached` (a stored state rewritten since, or one the
 * moves do not explain, ends elsewhere). Also in the next tick, after the turn's statements left.
 */
export function reachedAheadSoon(run: TReplayAhead["run"], moves: readonly TCachedMove[], winning: TCommand, reached: unknown): Promise<TReplayAhead | null> {
  return new Promise<TReplayAhead | null>((resolve) => {
    process.nextTick(() => {
      try {
        resolve({ run: replayedRun(run), commands: commandsOf(moves, winning), stateText: jsonbText(reached), onThread: false, fromState: true });
      } catch {
        resolve(null); // the transaction replays the stored commands
      }
    });
  });
}

function commandsOf(moves: readonly TCachedMove[], winning: TCommand): TCommand[] {
  return [...moves.map((m) => ({ action: m.action, payload: JSON.parse(m.payload) as Record<string, unknown> })), winning];
}

function replayedRun(run: TReplayAhead["run"]): TReplayAhead["run"] {
  return { mechanic: run.mechanic, level_id: run.level_id, level_version: run.level_version, seed: run.seed };
}

/** Whether a replay made ahead replayed exactly this run through exactly these commands. */
function replayedAlready(ahead: TReplayAhead, run: TReplayedRun, commands: TRecordedCommand[]): boolean {
  const r = ahead.run;
  if (r.mechanic !== run.mechanic || r.level_id !== run.level_id || r.level_version !== run.level_version || r.seed !== run.seed) return false;
  if (ahead.commands.length !== commands.length) return false;
  return commands.every((c, i) => c.action === ahead.commands[i]!.action && isDeepStrictEqual(c.payload, ahead.commands[i]!.payload));
}

/**
 * Replay verification: the pure engine re-plays the run from its pinned level and seed through
 * every command, refused ones included (no-ops), and must end in exactly the state the run
 * reached (compared as canonical jsonb text). A mismatch means the stored result was not earned
 * by these commands. With `ahead`, a replay of exactly this run through exactly these commands
 * (compared one by one) is not made again: its result is compared instead.
 */
export async function verifyRunReplay(tx: TTx, run: TReplayedRun, commands: TRecordedCommand[], finalState: unknown, ahead?: TReplayAhead | null): Promise<boolean> {
  if (ahead && replayedAlready(ahead, run, commands)) {
    counts.ahead++;
    if (ahead.onThread) counts.onThread++;
    if (ahead.fromState) counts.fromState++;
    return ahead.stateText !== null && ahead.stateText === jsonbText(finalState);
  }
  counts.inTransaction++;
  const level = await pinnedLevel(tx, run);
  if (!level) return false;
  const stateText = replayText({ mechanic: run.mechanic, level, seed: run.seed, commands: commands.map((c) => ({ action: c.action, payload: c.payload })) });
  return stateText !== null && stateText === jsonbText(finalState);
}
