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

/** What a finished run's progression will write, as CTEs for the command's own write statement. */
export type TProgressionPlan = {
  progression: TProgression;
  /** The CTEs, parameters numbered from `offset + 1`; with `gate` (a CTE's name), each writes only when that CTE returned a row. */
  ctes: (offset: number, gate?: string) => { ctes: string[]; values: unknown[] };
};

/** The player's track progress and the level's best, as the command's locked read returns them (null: no row yet). */
export type TProgressionBefore = {
  pp_next_level_number: number | null;
  pp_cycle_round: number | null;
  pp_track_completed: boolean | null;
  pp_levels_completed: number | null;
  lp_best_score: number | null;
  lp_completions: number | null;
};

/**
 * Joins for the command's locked read of `game_run` (alias `r`): the player's track progress,
 * locked — in the same statement, and before the run row, the order a start takes them in — and
 * the level's best. Read on every locked command so that a finishing move needs no read of its own.
 */
/** The level's best and completions for the run `r` (alias `lp`: lp_best_score, lp_completions; null without a row). */
export const LEVEL_BEFORE_JOIN = `
  LEFT JOIN LATERAL (SELECT best_score AS lp_best_score, completions AS lp_completions
                       FROM level_progress WHERE project_id = r.project_id AND external_user_id = r.external_user_id AND mechanic = r.mechanic
                        AND level_number = r.level_number) lp ON true`;
export const PROGRESSION_BEFORE_JOINS = `
  LEFT JOIN LATERAL (SELECT next_level_number AS pp_next_level_number, cycle_round AS pp_cycle_round, track_completed AS pp_track_completed,
                            levels_completed AS pp_levels_completed
                       FROM player_progress WHERE project_id = r.project_id AND external_user_id = r.external_user_id AND mechanic = r.mechanic FOR UPDATE) pp ON true${LEVEL_BEFORE_JOIN}`;
export const PROGRESSION_BEFORE_COLUMNS = "pp.*, lp.*";

/**
 * A finished run's progression from what the locked read returned: the rule computes the result;
 * the writes (track progress, the level's best and completions, the level result) are returned as
 * CTEs that the caller puts into the statement that writes the command and the run, so a finishing
 * move spends no round trip of its own on progression.
 */
export function planProgression(opts: { run: TRunRow; outcome: "won" | "lost"; score: number; levelsTotal: number; at: Date; before: TProgressionBefore }): TProgressionPlan {
  const { run, at, before } = opts;
  const { progression, next } = computeProgression({
    run,
    outcome: opts.outcome,
    score: opts.score,
    levelsTotal: opts.levelsTotal,
    progress: {
      nextLevelNumber: before.pp_next_level_number ?? 1,
      cycleRound: before.pp_cycle_round ?? 1,
      trackCompleted: before.pp_track_completed ?? false,
      levelsCompleted: before.pp_levels_completed ?? 0,
    },
    level: { bestScore: before.lp_best_score ?? 0, completions: before.lp_completions ?? 0 },
  });
  const won = opts.outcome === "won";
  return {
    progression,
    ctes(offset, gate) {
      const values: unknown[] = [];
      const $ = (v: unknown) => {
        values.push(v);
        return `$${offset + values.length}`;
      };
      // the inserted row: its values, or (gated) the same values once for the gate's row
      const row = (v: string) => (gate ? `SELECT ${v} FROM ${gate}` : `VALUES (${v})`);
      const [project, user, mechanic, level, when, score] = [$(run.project_id), $(run.external_user_id), $(run.mechanic), $(run.level_number), $(at), $(opts.score)];
      return {
        values,
        ctes: [
          `progress_track AS (
             INSERT INTO player_progress (project_id, external_user_id, mechanic, next_level_number, cycle_round, levels_completed, track_completed, updated_at)
             ${row(`${project}, ${user}, ${mechanic}, ${$(next.nextLevelNumber)}, ${$(next.cycleRound)}, ${$(next.levelsCompleted)}, ${$(next.trackCompleted)}, ${when}`)}
             ON CONFLICT (project_id, external_user_id, mechanic) DO UPDATE
               SET next_level_number = EXCLUDED.next_level_number, cycle_round = EXCLUDED.cycle_round, levels_completed = EXCLUDED.levels_completed,
                   track_completed = EXCLUDED.track_completed, updated_at = EXCLUDED.updated_at)`,
          `progress_level AS (
             INSERT INTO level_progress (project_id, external_user_id, mechanic, level_number, best_score, best_win_score, completions, first_completed_at, updated_at)
             ${row(`${project}, ${user}, ${mechanic}, ${level}, ${score}, ${won ? score : "0"}, ${$(won ? 1 : 0)}, ${$(won ? at : null)}, ${when}`)}
             ON CONFLICT (project_id, external_user_id, mechanic, level_number) DO UPDATE
               SET best_score = GREATEST(level_progress.best_score, EXCLUDED.best_score),
                   best_win_score = GREATEST(level_progress.best_win_score, EXCLUDED.best_win_score),
                   completions = level_progress.completions + EXCLUDED.completions,
                   first_completed_at = COALESCE(level_progress.first_completed_at, EXCLUDED.first_completed_at),
                   updated_at = EXCLUDED.updated_at)`,
          `progress_result AS (
             INSERT INTO level_result (run_id, project_id, external_user_id, mechanic, level_id, level_number, outcome, score, is_replay, first_completion, cycle_round, created_at)
             ${row(`${$(run.id)}, ${project}, ${user}, ${mechanic}, ${$(run.level_id)}, ${level}, ${$(opts.outcome)}, ${score}, ${$(run.is_replay)}, ${$(progression.first_completion)}, ${$(run.cycle_round)}, ${when}`)})`,
        ],
      };
    },
  };
}
