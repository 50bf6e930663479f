import { replay } from "@/games/registry";
import type { TCommand, TLevelDefinition } from "@/games/types";
import { jsonbText } from "@/server/lib/jsonb-size";

/** What a run's replay needs: the mechanic, its pinned level, its seed and every command in order. */
export type TReplayJob = { mechanic: string; level: TLevelDefinition; seed: string; commands: readonly TCommand[] };

/**
 * A run replayed through the pure engine from its pinned level and seed, as the canonical jsonb
 * text of the state it ends in (null: the engine threw). Pure: the web process runs it on its
 * replay thread (replay-thread.ts) or, without one, in its own.
 */
export function replayText(job: TReplayJob): string | null {
  try {
    return jsonbText(replay(job.mechanic, job.level, job.seed, job.commands).state);
  } catch {
    return null;
  }
}
