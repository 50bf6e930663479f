import type { TTx } from "@/server/db/tx";
import type { TRunRow } from "@/server/domain/play/run-model";
import { publishedTrack } from "@/server/domain/play/levels";
import { replay } from "@/server/games/registry";
import type { TLevelDefinition } from "@/server/games/types";
import { jsonbText } from "@/server/lib/jsonb-size";

/** The run's pinned level: from the published track when that is the version it pinned, else its stored row. */
async function pinnedLevel(tx: TTx, run: Pick<TRunRow, "mechanic" | "level_id" | "level_version">): Promise<TLevelDefinition | null> {
  const published = (await publishedTrack(run.mechanic, tx)).levels.find((l) => l.id === run.level_id && l.version === run.level_version);
  if (published) return published;
  const { rows } = await tx.query<{ definition: TLevelDefinition; number: number }>(
    "SELECT definition, number FROM game_level WHERE mechanic = $1 AND level_id = $2 AND level_version = $3",
    [run.mechanic, run.level_id, run.level_version],
  );
  return rows[0] ? { ...rows[0].definition, id: run.level_id, version: run.level_version, number: rows[0].number } : null;
}

export type TRunCommand = { action: string; payload: Record<string, unknown>; accepted: boolean; at: Date };

/** The run's stored commands in order (inside the caller's transaction). */
export async function runCommands(tx: TTx, runId: string): Promise<TRunCommand[]> {
  const { rows } = await tx.query<{ action: string; payload: Record<string, unknown>; accepted: boolean; created_at: Date }>({
    name: "run_commands", // prepared: read for every claim of a won run
    text: "SELECT action, payload, accepted, created_at FROM game_command WHERE run_id = $1 ORDER BY sequence",
    values: [runId],
  });
  return rows.map((r) => ({ action: r.action, payload: r.payload, accepted: r.accepted, at: r.created_at }));
}

/**
 * Replay verification: the pure engine re-plays the run from its pinned level and seed through
 * every command, refused ones included (no-ops), and must end in exactly the state the run
 * reached (compared as canonical jsonb text). A mismatch means the stored result was not earned
 * by these commands.
 */
export async function verifyRunReplay(tx: TTx, run: Pick<TRunRow, "mechanic" | "level_id" | "level_version" | "level_number" | "seed">, commands: TRunCommand[], finalState: unknown): Promise<boolean> {
  const level = await pinnedLevel(tx, run);
  if (!level) return false;
  try {
    const { state } = replay(run.mechanic, level, run.seed, commands.map((c) => ({ action: c.action, payload: c.payload })));
    return jsonbText(state) === jsonbText(finalState);
  } catch {
    return false;
  }
}
