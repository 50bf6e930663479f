import { GAME_MANIFESTS } from "@/games/manifests";
import type { TGameMode } from "@/games/types";

/**
 * The catalogue of games a project can select. Each entry says which engine runs it, whether its
 * player client is built, and which game modes it supports. The play capability registers its
 * engines and clients here; until a client exists its status is `not_built` and selecting it
 * answers `mechanic_unavailable` — never a success stub.
 */
import { services, type TClientStatus } from "@/server/services/container";

export type { TClientStatus, TGameMode };

export type TTemplate = {
  id: string;
  engine: "run" | "legacy" | "wheel";
  kind: "mechanic" | "legacy_template" | "wheel";
  player_title: string;
  allowed_modes: TGameMode[];
  selectable: boolean;
};


const TEMPLATES: TTemplate[] = [
  // The games: one entry per manifest (games/manifests.ts); name and game modes come from it.
  ...GAME_MANIFESTS.map((g): TTemplate => ({ id: g.id, engine: "run", kind: "mechanic", player_title: g.name, allowed_modes: [...g.modes], selectable: true })),
  // The streak confirms material outcomes through the integrator's server (streak.server_confirm), so it only makes sense with rewards.
  { id: "streak_v1", engine: "legacy", kind: "legacy_template", player_title: "Daily Streak", allowed_modes: ["rewards"], selectable: true },
  { id: "wheel", engine: "wheel", kind: "wheel", player_title: "Prize Wheel", allowed_modes: ["free_play", "rewards"], selectable: false },
];

/** Whether a template's player client is built (the play capability answers, through the wired probes). */
export function clientStatus(templateId: string): TClientStatus {
  return services().probes.clientStatus(templateId);
}

export function listTemplates(): TTemplate[] {
  return TEMPLATES;
}

export function findTemplate(id: string): TTemplate | undefined {
  return TEMPLATES.find((t) => t.id === id);
}

/** Why a mechanic or legacy template cannot be selected, or null when it can. */
export function unavailableReason(templateId: string, kind: "mechanic" | "legacy_template"): string | null {
  const t = findTemplate(templateId);
  if (!t || t.kind !== kind) return "unknown";
  if (!t.selectable) return "not_selectable";
  const status = clientStatus(templateId);
  return status === "ready" ? null : status;
}
