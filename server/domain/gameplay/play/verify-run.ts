import { isDeepStrictEqual } from "node:util";
import type { TTx } from "@/server/db/tx";
import type { TRunRow } from "@/server/domain/gameplay/play/run-model";
import { cachedTrack, publishedTrack } from "@/server/domain/gameplay/play/levels";
import type { TCachedMove } from "@/server/domain/gameplay/play/run-cache";
import { replay } from "@/games/registry";
import type { TCommand, TLevelDefinition, TRecordedCommand } from "@/games/types";
import { jsonbText } from "@/server/lib/jsonb-size";

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
export type TReplayAhead = { run: Pick<TRunRow, "mechanic" | "level_id" | "level_version" | "seed">; commands: TCommand[]; stateText: string | null };

/** How many verifications used a replay made ahead, and how many replayed in the transaction (tests, diagnostics). */
const counts = { ahead: 0, inTransaction: 0 };
export function replayCounts(): Readonly<typeof counts> {
  return { ...counts };
}

/**
 * Replays a run from this process's copy of its moves plus the winning one, without waiting for
 * anything: the winning move sends its locked read and the stored commands' read first, and runs
 * this while they are out, so the transaction does not wait for the replay once they are in.
 * Null when the pinned level is not in this process's cached track (the transaction then replays).
 */
function replayAhead(run: TReplayAhead["run"], moves: readonly TCachedMove[], winning: TCommand): TReplayAhead | null {
  const level = cachedTrack(run.mechanic)?.levels.find((l) => l.id === run.level_id && l.version === run.level_version);
  if (!level) return null;
  const commands = [...moves.map((m) => ({ action: m.action, payload: JSON.parse(m.payload) as Record<string, unknown> })), winning];
  let stateText: string | null;
  try {
    stateText = jsonbText(replay(run.mechanic, level, run.seed, commands).state);
  } catch {
    stateText = null;
  }
  return { run: { mechanic: run.mechanic, level_id: run.level_id, level_version: run.level_version, seed: run.seed }, commands, stateText };
}

/**
 * replayAhead in the next tick — after the statements the current turn sent have left (the client
 * sends a turn's statements in a tick of its own, see corked-client.ts) — so the replay runs while
 * their round trip is out; null if it fails (the transaction then replays).
 */
export function replayAheadSoon(run: TReplayAhead["run"], moves: readonly TCachedMove[], winning: TCommand): Promise<TReplayAhead | null> {
  return new Promise((resolve) => {
    process.nextTick(() => {
      try {
        resolve(replayAhead(run, moves, winning));
      } catch {
        resolve(null);
      }
    });
  });
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
    return ahead.stateText !== null && ahead.stateText === jsonbText(finalState);
  }
  counts.inTransaction++;
  const level = await pinnedLevel(tx, run);
  if (!level) return false;
  try {
    const { state } = replay(run.mechanic, level, run.seed, commands.map((c) => ({ action: c.action, payload: c.payload })));
    return jsonbText(state) === jsonbText(finalState);
  } catch {
    return false;
  }
}
