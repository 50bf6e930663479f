import { AppError } from "@/server/errors/app-error";
import { deriveAccent, normaliseHex, parseHex } from "@/server/lib/color";
import { findOwnedProject } from "@/server/domain/identity";
import { findTemplate } from "@/server/domain/gameplay/catalogue/catalogue-entries";
import { mergeLegacyGoals } from "@/server/domain/gameplay/events/streak";
import { getMechanic, isMechanicId } from "@/games/registry";
import { publishedTrack } from "@/server/domain/gameplay/play/levels";
import { backgroundAsset, type TProjectBackgrounds } from "@/server/domain/platform";

/**
 * What the admin widget preview shows: the project's lobby as a player would first see it, with
 * an optional colour override that is never saved. Reads only: no run, progress or reward.
 */
export async function widgetPreviewModel(opts: { accountId: string; projectId: string; templateId?: string | null; primaryColor?: string | null }) {
  const project = await findOwnedProject(opts);
  if (opts.primaryColor && !parseHex(opts.primaryColor)) throw new AppError("validation_error", "primary_color must be a #rrggbb colour");
  const gameId = opts.templateId ?? project.playMechanic ?? project.activeTemplateId;
  const template = gameId ? findTemplate(gameId) : undefined;
  if (opts.templateId && !template) throw new AppError("validation_error", `Unknown template ${opts.templateId}`);
  const primary = opts.primaryColor ? normaliseHex(opts.primaryColor) : project.primaryColor;
  const theme = deriveAccent(primary);
  let goals: string[] = [];
  let constraints: string[] = [];
  let levelsTotal = 0;
  if (gameId && isMechanicId(gameId)) {
    const track = await publishedTrack(gameId);
    const first = track.levels[0];
    if (first) {
      goals = getMechanic(gameId).describeGoals(first);
      constraints = getMechanic(gameId).describeConstraints(first);
    }
    levelsTotal = track.levels.length;
  } else if (template?.kind === "legacy_template") {
    goals = mergeLegacyGoals(project.legacyGoalOverrides);
  }
  return {
    projectName: project.name,
    title: template?.player_title ?? "No game selected",
    gameId: gameId ?? null,
    primary,
    accent: theme.accent,
    onAccent: theme.on_accent,
    contrast: theme.contrast,
    goals,
    constraints,
    levelsTotal,
    gameMode: project.gameMode,
    entryMode: project.entryMode,
    lobbyBackground: backgroundAsset(project.id, project.gameBackgrounds as TProjectBackgrounds, "lobby"),
  };
}
