import type { TBudget, TGameManifest } from "../types";
import { suggestParcel } from "./bot";
import { parcelPilotMechanic } from "./engine";
import { parcelPilotTrack } from "./levels";
import { parcelPilotMeta } from "./meta";

/** A Parcel Pilot run spends fuel (or moves, on a level without a fuel limit). */
function budgetUsed(state: unknown): TBudget {
  const s = state as { moves_used: number; fuel_limit: number | null; moves_limit: number | null };
  return { used: Number(s.moves_used), limit: Number(s.fuel_limit ?? s.moves_limit ?? 0) };
}

/** Parcel Pilot: its meta, engine, level track, reference bot and budget (the level report). */
export const parcelPilotManifest = {
  ...parcelPilotMeta,
  engine: parcelPilotMechanic,
  track: parcelPilotTrack,
  bot: suggestParcel,
  budgetUsed,
} as const satisfies TGameManifest;
