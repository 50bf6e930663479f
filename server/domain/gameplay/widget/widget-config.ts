import { deriveAccent } from "@/server/lib/color";
import { sayIn } from "@/i18n/catalogue";
import { projectLanguage } from "./play-shell-project";
import { AppError } from "@/server/errors/app-error";
import { findTemplate } from "@/server/domain/gameplay/catalogue/catalogue-entries";
import { publicProject } from "./public-project";
import { backgroundAsset, type TProjectBackgrounds } from "@/server/domain/platform";

/** Public widget configuration: what the loader and shell need, nothing secret. */
export async function getWidgetConfig(opts: { projectId: string; player: { externalUserId: string; projectId: string } | null; languageWishes?: readonly (string | undefined)[] }) {
  const p = await publicProject(opts.projectId);
  if (opts.player && opts.player.projectId !== p.id) throw new AppError("forbidden", "Session belongs to another project");
  const game = p.playMechanic ?? p.activeTemplateId;
  const theme = deriveAccent(p.primaryColor);
  const lang = projectLanguage(p, opts.languageWishes ?? []);
  const say = (key: string) => sayIn(lang, key) ?? key;
  return {
    project_id: p.id,
    mode: opts.player ? ("play" as const) : ("preview" as const),
    config_revision: p.playConfigRevision,
    game_mode: p.gameMode,
    entry_mode: p.entryMode,
    theme: { primary: p.primaryColor, accent: theme.accent, on_accent: theme.on_accent },
    game: game ? { id: game, title: sayIn(lang, `games.${game}.title`) ?? findTemplate(game)?.player_title ?? game } : null,
    lang,
    labels: { games: say("launcher.games"), open: say("launcher.open"), close: say("launcher.close") },
    lobby_wheel_enabled: p.lobbyWheelEnabled,
    assets: {
      lobby_background: backgroundAsset(p.id, p.gameBackgrounds as TProjectBackgrounds, "lobby"),
      game_background: p.playMechanic ? backgroundAsset(p.id, p.gameBackgrounds as TProjectBackgrounds, p.playMechanic) : null,
    },
  };
}
