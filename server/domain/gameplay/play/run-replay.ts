import { isDeepStrictEqual } from "node:util";
import { getMechanic } from "@/games/registry";
import type { TTx } from "@/server/db/tx";
import { runView, type TRunRow } from "./run-model";
import { pinnedLevel } from "./verify-run";

/** One stored command as the player sent it and what they were answered, with its timing. */
type TReplayFrame = {
  sequence: number;
  action: string;
  payload: Record<string, unknown>;
  accepted: boolean;
  rejection_code: string | null;
  at: string;
  /** From the run's start. */
  offset_ms: number;
  /** From the command before (or the start, for the first). */
  interval_ms: number;
  /** The answer the player's client animated: the view after the command, its animation steps and facts. */
  response: Record<string, unknown>;
};

/**
 * A stored run, ready to be watched: the board as it was dealt (the engine's first state from the
 * run's pinned level and seed, as the start answered it), then every stored command with the very
 * answer the player got, in order. `replay_check` says whether the commands, applied again to the
 * dealt board, end in the stored state (`match`), do not (`mismatch`), or could not be replayed
 * (`unavailable`: the pinned level is gone).
 */
export async function replayStoredRun(tx: TTx, run: TRunRow) {
  const level = await pinnedLevel(tx, run);
  const { rows } = await tx.query<{ sequence: number; action: string; payload: Record<string, unknown>; accepted: boolean; rejection_code: string | null; created_at: Date; response: Record<string, unknown> }>(
    "SELECT sequence, action, payload, accepted, rejection_code, created_at, response::jsonb AS response FROM game_command WHERE run_id = $1 ORDER BY sequence",
    [run.id],
  );
  const mechanic = getMechanic(run.mechanic);
  const start = run.started_at.getTime();
  let before = start;
  const frames: TReplayFrame[] = rows.map((c) => {
    const at = c.created_at.getTime();
    const frame = { sequence: c.sequence, action: c.action, payload: c.payload, accepted: c.accepted, rejection_code: c.rejection_code, at: c.created_at.toISOString(), offset_ms: at - start, interval_ms: at - before, response: c.response };
    before = at;
    return frame;
  });
  let dealt: unknown = null;
  let check: "match" | "mismatch" | "unavailable" = "unavailable";
  if (level) {
    dealt = mechanic.init(level, run.seed);
    let state = dealt;
    for (const c of rows) state = mechanic.apply(state, { action: c.action, payload: c.payload }).state;
    check = isDeepStrictEqual(JSON.parse(JSON.stringify(state)), run.state) ? "match" : "mismatch";
  }
  const first = runView({ ...run, state: dealt ?? run.state, sequence: 0, status: "active", end_reason: null }, { bestScore: 0, at: run.started_at });
  return { run: first, frames, replay_check: check };
}
