import type { Project } from "@/server/db/generated/prisma/client";
import { deriveAccent } from "@/server/lib/color";
import { offeredLanguages } from "@/i18n/languages";


/** The project as the admin API shows it: an allowlist of fields. */
export function serializeProject(p: Project) {
  const theme = deriveAccent(p.primaryColor);
  return {
    project_id: p.id,
    name: p.name,
    allowed_origins: p.allowedOrigins,
    active_template_id: p.activeTemplateId,
    primary_color: p.primaryColor,
    currency: p.currency,
    languages: p.languages,
    offered_languages: [...offeredLanguages(p.languages)],
    default_language: p.defaultLanguage,
    accent_color: theme.accent,
    game_mode: p.gameMode,
    webhook_url: p.webhookUrl,
    exposure_mode: p.exposureMode,
    play_mechanic: p.playMechanic,
    entry_mode: p.entryMode,
    lobby_wheel_enabled: p.lobbyWheelEnabled,
    play_config_revision: p.playConfigRevision,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
