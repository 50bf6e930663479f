import type { TTx } from "@/server/db/tx";
import type { TRunRow } from "./run-model";

export type TProgression = {
  level_number: number;
  first_completion: boolean;
  is_replay: boolean;
  next_level_number: number;
  levels_total: number;
  track_complete: boolean;
  cycle_round: number;
  best_score: number;
  new_best: boolean;
};

export type TProgressBefore = { nextLevelNumber: number; cycleRound: number; trackCompleted: boolean; levelsCompleted: number };
export type TLevelBefore = { bestScore: number; completions: number };

/**
 * Pure progression rule. A win of a non-replay run advances the track (after the last level the
 * track starts again in the next cycle round); replays and cycle rounds after the first never
 * count as first completions. Best score is per level number.
 */
export function computeProgression(opts: {
  run: Pick<TRunRow, "level_number" | "is_replay" | "cycle_round">;
  outcome: "won" | "lost";
  score: number;
  levelsTotal: number;
  progress: TProgressBefore;
  level: TLevelBefore;
}): { progression: TProgression; next: TProgressBefore & { levelsCompletedDelta: number } } {
  const { run, outcome, score, levelsTotal, progress, level } = opts;
  const won = outcome === "won";
  const firstCompletion = won && !run.is_replay && run.cycle_round === 1 && level.completions === 0;
  let nextLevelNumber = progress.nextLevelNumber;
  let cycleRound = progress.cycleRound;
  let trackCompleted = progress.trackCompleted;
  if (won && !run.is_replay) {
    if (run.level_number >= levelsTotal) {
      nextLevelNumber = 1;
      cycleRound = run.cycle_round + 1;
      trackCompleted = true;
    } else {
      nextLevelNumber = run.level_number + 1;
    }
  }
  const newBest = score > level.bestScore;
  return {
    progression: {
      level_number: run.level_number,
      first_completion: firstCompletion,
      is_replay: run.is_replay,
      next_level_number: nextLevelNumber,
      levels_total: levelsTotal,
      track_complete: trackCompleted,
      cycle_round: cycleRound,
      best_score: Math.max(score, level.bestScore),
      new_best: newBest,
    },
    next: { nextLevelNumber, cycleRound, trackCompleted, levelsCompleted: progress.levelsCompleted + (firstCompletion ? 1 : 0), levelsCompletedDelta: firstCompletion ? 1 : 0 },
  };
}

/** Reads, computes and writes progression for a finished run, inside the command's transaction. */
export async function applyProgression(tx: TTx, opts: { run: TRunRow; outcome: "won" | "lost"; score: number; levelsTotal: number; at: Date }): Promise<TProgression> {
  const { run, at } = opts;
  const key = [run.project_id, run.external_user_id, run.mechanic];
  const p = (
    await tx.query<{ next_level_number: number; cycle_round: number; track_completed: boolean; levels_completed: number }>(
      "SELECT next_level_number, cycle_round, track_completed, levels_completed FROM player_progress WHERE project_id = $1 AND external_user_id = $2 AND mechanic = $3 FOR UPDATE",
      key,
    )
  ).rows[0] ?? { next_level_number: 1, cycle_round: 1, track_completed: false, levels_completed: 0 };
  const l = (
    await tx.query<{ best_score: number; completions: number }>(
      "SELECT best_score, completions FROM level_progress WHERE project_id = $1 AND external_user_id = $2 AND mechanic = $3 AND level_number = $4",
      [...key, run.level_number],
    )
  ).rows[0] ?? { best_score: 0, completions: 0 };
  const { progression, next } = computeProgression({
    run,
    outcome: opts.outcome,
    score: opts.score,
    levelsTotal: opts.levelsTotal,
    progress: { nextLevelNumber: p.next_level_number, cycleRound: p.cycle_round, trackCompleted: p.track_completed, levelsCompleted: p.levels_completed },
    level: { bestScore: l.best_score, completions: l.completions },
  });
  const won = opts.outcome === "won";
  await tx.query(
    `INSERT INTO player_progress (project_id, external_user_id, mechanic, next_level_number, cycle_round, levels_completed, track_completed, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (project_id, external_user_id, mechanic) DO UPDATE SET next_level_number = $4, cycle_round = $5, levels_completed = $6, track_completed = $7, updated_at = $8`,
    [...key, next.nextLevelNumber, next.cycleRound, next.levelsCompleted, next.trackCompleted, at],
  );
  await tx.query(
    `INSERT INTO level_progress (project_id, external_user_id, mechanic, level_number, best_score, completions, first_completed_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (project_id, external_user_id, mechanic, level_number) DO UPDATE
       SET best_score = GREATEST(level_progress.best_score, EXCLUDED.best_score),
           completions = level_progress.completions + EXCLUDED.completions,
           first_completed_at = COALESCE(level_progress.first_completed_at, EXCLUDED.first_completed_at),
           updated_at = EXCLUDED.updated_at`,
    [...key, run.level_number, opts.score, won ? 1 : 0, won ? at : null, at],
  );
  await tx.query(
    `INSERT INTO level_result (run_id, project_id, external_user_id, mechanic, level_id, level_number, outcome, score, is_replay, first_completion, cycle_round, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [run.id, run.project_id, run.external_user_id, run.mechanic, run.level_id, run.level_number, opts.outcome, opts.score, run.is_replay, progression.first_completion, run.cycle_round, at],
  );
  return progression;
}
