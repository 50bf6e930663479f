import { GAME_MANIFESTS } from "@/games/manifests";
import { AppError } from "@/server/errors/app-error";

/** The spec's Limits row for background uploads, in one place (domain, docs and console read it). */
export const BACKGROUND_LIMITS = {
  maxFileBytes: 5 * 1024 * 1024,
  minWidth: 420,
  minHeight: 760,
  maxWidth: 2160,
  maxHeight: 3840,
  minAspect: 0.5,
  maxAspect: 0.65,
  /** The decoder's pixel budget: 64 MiB of RGBA pixels. */
  decoderBudgetBytes: 64 * 1024 * 1024,
  runtime: { width: 840, height: 1520, maxBytes: 220 * 1024, qualities: [78, 70, 62] as const },
} as const;

export const DECODER_PIXEL_LIMIT = BACKGROUND_LIMITS.decoderBudgetBytes / 4;

/**
 * Slots a background can be set for: the lobby and each run-type game of the registry. The prize
 * wheel and the legacy templates draw their own art, so their ids are not slots.
 */
export function backgroundSlots(): string[] {
  return ["lobby", ...GAME_MANIFESTS.map((g) => g.id)];
}

export function assertBackgroundSlot(slot: string): void {
  if (!backgroundSlots().includes(slot)) {
    throw new AppError("validation_error", `"${slot.slice(0, 40)}" is not a background slot; use one of: ${backgroundSlots().join(", ")}`, {
      details: { reason: "unknown_slot", slots: backgroundSlots() },
    });
  }
}

export function projectAssetUrl(projectId: string, assetId: string): string {
  return `/v1/project-game-assets/${projectId}/${assetId}`;
}
