import { AppError } from "@/server/errors/app-error";
import type { TPlayerSession } from "@/server/domain/identity";
import { pool } from "@/server/db/client";
import { confirmedStreak, mergeLegacyGoals, EMPTY_STREAK, type TStreakState } from "@/server/domain/gameplay/events/streak";
import { publishedTrack } from "./levels";

/** The player's progress across games and the legacy streak. Reads only. */
export async function progressState(opts: { player: TPlayerSession }) {
  const { projectId, externalUserId } = opts.player;
  const args = [projectId, externalUserId];
  const [projects, progress, levels, snapshots] = await Promise.all([
    pool().query<{ playMechanic: string | null; activeTemplateId: string | null; legacyGoalOverrides: string[] }>(
      `SELECT play_mechanic AS "playMechanic", active_template_id AS "activeTemplateId", legacy_goal_overrides AS "legacyGoalOverrides" FROM project WHERE id = $1`,
      [projectId],
    ),
    pool().query<{ mechanic: string; nextLevelNumber: number; cycleRound: number; levelsCompleted: number; trackCompleted: boolean; runsStarted: number }>(
      `SELECT mechanic, next_level_number AS "nextLevelNumber", cycle_round AS "cycleRound", levels_completed AS "levelsCompleted", track_completed AS "trackCompleted", runs_started AS "runsStarted"
         FROM player_progress WHERE project_id = $1 AND external_user_id = $2 ORDER BY mechanic`,
      args,
    ),
    pool().query<{ mechanic: string; levelNumber: number; bestScore: number }>(
      `SELECT mechanic, level_number AS "levelNumber", best_score AS "bestScore" FROM level_progress WHERE project_id = $1 AND external_user_id = $2 ORDER BY level_number`,
      args,
    ),
    pool().query<{ state: unknown }>("SELECT state FROM progress_snapshot WHERE project_id = $1 AND external_user_id = $2 AND template_id = 'streak_v1'", args),
  ]);
  const project = projects.rows[0];
  if (!project) throw new AppError("not_found", "Project not found");
  const streak = snapshots.rows[0];
  const games = await Promise.all(
    progress.rows.map(async (p) => ({
      mechanic: p.mechanic,
      next_level_number: p.nextLevelNumber,
      cycle_round: p.cycleRound,
      levels_completed: p.levelsCompleted,
      levels_total: (await publishedTrack(p.mechanic)).levels.length,
      track_complete: p.trackCompleted,
      runs_started: p.runsStarted,
      best_scores: Object.fromEntries(levels.rows.filter((l) => l.mechanic === p.mechanic).map((l) => [String(l.levelNumber), l.bestScore])),
    })),
  );
  const streakState = (streak?.state as TStreakState | undefined) ?? EMPTY_STREAK;
  return {
    external_user_id: externalUserId,
    subject_type: opts.player.subjectType,
    current_game: project.playMechanic ?? project.activeTemplateId,
    games,
    streak: { ...streakState, confirmed_streak: confirmedStreak(streakState), goals: mergeLegacyGoals(project.legacyGoalOverrides) },
  };
}
