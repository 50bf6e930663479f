import type { TPlayerSession } from "@/server/domain/identity";
import { db } from "@/server/db/client";
import { confirmedStreak, mergeLegacyGoals, EMPTY_STREAK, type TStreakState } from "@/server/domain/gameplay/events/streak";
import { publishedTrack } from "./levels";

/** The player's progress across games and the legacy streak. Reads only. */
export async function progressState(opts: { player: TPlayerSession }) {
  const { projectId, externalUserId } = opts.player;
  const [project, progress, levels, streak] = await Promise.all([
    db().project.findUniqueOrThrow({ where: { id: projectId }, select: { playMechanic: true, activeTemplateId: true, legacyGoalOverrides: true } }),
    db().playerProgress.findMany({ where: { projectId, externalUserId } }),
    db().levelProgress.findMany({ where: { projectId, externalUserId }, orderBy: { levelNumber: "asc" } }),
    db().progressSnapshot.findUnique({ where: { projectId_externalUserId_templateId: { projectId, externalUserId, templateId: "streak_v1" } } }),
  ]);
  const games = await Promise.all(
    progress.map(async (p) => ({
      mechanic: p.mechanic,
      next_level_number: p.nextLevelNumber,
      cycle_round: p.cycleRound,
      levels_completed: p.levelsCompleted,
      levels_total: (await publishedTrack(p.mechanic)).levels.length,
      track_complete: p.trackCompleted,
      runs_started: p.runsStarted,
      best_scores: Object.fromEntries(levels.filter((l) => l.mechanic === p.mechanic).map((l) => [String(l.levelNumber), l.bestScore])),
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
