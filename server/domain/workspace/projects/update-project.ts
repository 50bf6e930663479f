import type { Project } from "@/server/db/generated/prisma/client";
import { modelRow } from "@/server/db/rows";
import { withTransaction, type TTx } from "@/server/db/tx";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { normaliseHex } from "@/server/lib/color";
import { findOwnedProject, writeAudit } from "@/server/domain/identity";
import { findTemplate, hasPublishedWheel, type TGameMode, unavailableReason } from "@/server/domain/gameplay";
import { serializeProject } from "./serialize";

export type TProjectPatch = {
  name?: string;
  allowed_origins?: string[];
  active_template_id?: string | null;
  primary_color?: string;
  game_mode?: TGameMode;
  webhook_url?: string | null;
  exposure_mode?: "all" | "ab_test" | "off";
  play_mechanic?: string | null;
  entry_mode?: "lobby" | "wheel_only";
  lobby_wheel_enabled?: boolean;
  legacy_goal_overrides?: string[];
  currency?: string;
  languages?: string[];
  default_language?: string;
};

/** Fields whose actual change moves play_config_revision by exactly one. */
const PLAY_SETTINGS = ["play_mechanic", "active_template_id", "entry_mode", "lobby_wheel_enabled", "primary_color", "game_mode"] as const;

type TPlaySettings = Record<(typeof PLAY_SETTINGS)[number], unknown>;

function playSettingsOf(p: Project): TPlaySettings {
  return {
    play_mechanic: p.playMechanic,
    active_template_id: p.activeTemplateId,
    entry_mode: p.entryMode,
    lobby_wheel_enabled: p.lobbyWheelEnabled,
    primary_color: p.primaryColor,
    game_mode: p.gameMode,
  };
}

/** The project's play settings and other fields before and after a patch, and which changed. */
export type TAppliedPatch = { next: Project; before: TPlaySettings; after: TPlaySettings; changedPlay: string[]; changedOther: string[] };

/**
 * A patch applied to `current` (locked by the caller, on its transaction), with every check a
 * project's fields have: the selected game is available (`mechanic_unavailable` with `reason`), the
 * mode compatible (`mode_not_allowed`) and any wheel setting backed by a published wheel
 * (`wheel_config_missing`). Writes nothing; create and update both use it.
 */
export async function applyProjectPatch(tx: TTx, current: Project, patch: TProjectPatch): Promise<TAppliedPatch> {
  if (patch.play_mechanic && patch.active_template_id) {
    throw new AppError("validation_error", "Select either play_mechanic or active_template_id, not both");
  }
  const next: Project = { ...current };
  if (patch.name !== undefined) next.name = patch.name;
  if (patch.allowed_origins !== undefined) next.allowedOrigins = patch.allowed_origins;
  if (patch.primary_color !== undefined) next.primaryColor = normaliseHex(patch.primary_color);
  if (patch.game_mode !== undefined) next.gameMode = patch.game_mode;
  if (patch.webhook_url !== undefined) next.webhookUrl = patch.webhook_url;
  if (patch.exposure_mode !== undefined) next.exposureMode = patch.exposure_mode;
  if (patch.entry_mode !== undefined) next.entryMode = patch.entry_mode;
  if (patch.lobby_wheel_enabled !== undefined) next.lobbyWheelEnabled = patch.lobby_wheel_enabled;
  if (patch.legacy_goal_overrides !== undefined) next.legacyGoalOverrides = patch.legacy_goal_overrides;
  if (patch.currency !== undefined) next.currency = patch.currency;
  if (patch.languages !== undefined) next.languages = patch.languages;
  if (patch.default_language !== undefined) next.defaultLanguage = patch.default_language;
  if (next.languages.length > 0 && !next.languages.includes(next.defaultLanguage)) {
    throw new AppError("validation_error", `default_language ${next.defaultLanguage} must be one of the project's languages (${next.languages.join(", ")})`, {
      details: { issues: [{ path: "default_language", message: "must be one of languages" }] },
    });
  }
  // One game is selected at a time: choosing a mechanic clears the legacy template and vice versa.
  if (patch.play_mechanic !== undefined) {
    next.playMechanic = patch.play_mechanic;
    if (patch.play_mechanic !== null) next.activeTemplateId = null;
  }
  if (patch.active_template_id !== undefined) {
    next.activeTemplateId = patch.active_template_id;
    if (patch.active_template_id !== null) next.playMechanic = null;
  }

  if (patch.play_mechanic && patch.play_mechanic !== current.playMechanic) {
    const reason = unavailableReason(patch.play_mechanic, "mechanic");
    if (reason) throw new AppError("mechanic_unavailable", `Mechanic ${patch.play_mechanic} is not available`, { details: { reason } });
  }
  if (patch.active_template_id && patch.active_template_id !== current.activeTemplateId) {
    const reason = unavailableReason(patch.active_template_id, "legacy_template");
    if (reason) throw new AppError("mechanic_unavailable", `Template ${patch.active_template_id} is not available`, { details: { reason } });
  }
  const selected = next.playMechanic ?? next.activeTemplateId;
  const template = selected ? findTemplate(selected) : undefined;
  if (template && !template.allowed_modes.includes(next.gameMode as TGameMode)) {
    throw new AppError("mode_not_allowed", `${template.player_title} does not support game mode ${next.gameMode}`, {
      details: { allowed_modes: template.allowed_modes },
    });
  }
  if (next.entryMode === "wheel_only" && current.entryMode !== "wheel_only") {
    const ready = (await hasPublishedWheel(current.id, "site", tx)) || (await hasPublishedWheel(current.id, "daily", tx));
    if (!ready) throw new AppError("wheel_config_missing", "wheel_only needs a published wheel");
  }
  if (next.lobbyWheelEnabled && !current.lobbyWheelEnabled && !(await hasPublishedWheel(current.id, "daily", tx))) {
    throw new AppError("wheel_config_missing", "The lobby wheel needs a published daily wheel");
  }

  const before = playSettingsOf(current);
  const after = playSettingsOf(next);
  const changedPlay = PLAY_SETTINGS.filter((k) => before[k] !== after[k]);
  const changedOther = (["name", "allowedOrigins", "webhookUrl", "exposureMode", "legacyGoalOverrides", "currency", "languages", "defaultLanguage"] as const).filter(
    (k) => JSON.stringify(current[k]) !== JSON.stringify(next[k]),
  );
  return { next, before, after, changedPlay, changedOther };
}

/** Writes a patched project (`bump`: its play_config_revision moves by one). */
export async function writeProject(tx: TTx, next: Project, at: Date, bump: boolean): Promise<Project> {
  const { rows } = await tx.query(
    `UPDATE project SET name = $2, allowed_origins = $3, active_template_id = $4, primary_color = $5, game_mode = $6, webhook_url = $7,
            exposure_mode = $8, play_mechanic = $9, entry_mode = $10, lobby_wheel_enabled = $11, legacy_goal_overrides = $12,
            updated_at = $13, play_config_revision = play_config_revision + $14, currency = $15, languages = $16, default_language = $17
      WHERE id = $1 RETURNING *`,
    [
      next.id, next.name, next.allowedOrigins, next.activeTemplateId, next.primaryColor, next.gameMode, next.webhookUrl,
      next.exposureMode, next.playMechanic, next.entryMode, next.lobbyWheelEnabled, next.legacyGoalOverrides, at, bump ? 1 : 0, next.currency,
      next.languages, next.defaultLanguage,
    ],
  );
  return modelRow<Project>(rows[0]!);
}

/**
 * PATCH a project. Under a row lock: the patch with its checks (applyProjectPatch); then write the
 * change, bump play_config_revision when a play setting actually changed, and audit — all in one
 * transaction.
 */
export async function updateProject(opts: { accountId: string; projectId: string; patch: TProjectPatch; requestId?: string }) {
  await findOwnedProject(opts);
  return withTransaction(async (tx) => {
    const current = modelRow<Project>((await tx.query("SELECT * FROM project WHERE id = $1 FOR UPDATE", [opts.projectId])).rows[0]!);
    const { next, before, after, changedPlay, changedOther } = await applyProjectPatch(tx, current, opts.patch);
    if (changedPlay.length === 0 && changedOther.length === 0) return serializeProject(current);
    const at = now();
    const updated = await writeProject(tx, next, at, changedPlay.length > 0);
    await writeAudit({
      tx,
      at,
      accountId: opts.accountId,
      projectId: current.id,
      action: "project.updated",
      metadata: {
        changed: [...changedPlay, ...changedOther],
        ...(changedPlay.length > 0
          ? { play_settings: { before, after, changed: changedPlay, play_config_revision: updated.playConfigRevision } }
          : {}),
      },
      requestId: opts.requestId,
    });
    return serializeProject(updated);
  });
}
