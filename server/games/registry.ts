// Single entry point for the rest of the server: mechanic lookup, published
// level tracks, and deterministic replay (verification of stored runs).
import { match3Mechanic } from "./match3/engine";
import { match3Track } from "./match3/levels";
import { memoryMechanic } from "./memory/engine";
import { memoryTrack } from "./memory/levels";
import { parcelPilotMechanic } from "./parcel-pilot/engine";
import { parcelPilotTrack } from "./parcel-pilot/levels";
import type { TApplyResult, TCommand, TLevelDefinition, TLevelTrack, TMechanic, TMechanicId } from "./types";

export const mechanics: Record<TMechanicId, TMechanic> = {
  match3_v1: match3Mechanic,
  memory_v1: memoryMechanic,
  parcel_pilot_v1: parcelPilotMechanic,
};

export const tracks: Record<TMechanicId, TLevelTrack> = {
  match3_v1: match3Track as TLevelTrack,
  memory_v1: memoryTrack as TLevelTrack,
  parcel_pilot_v1: parcelPilotTrack as TLevelTrack,
};

export const mechanicIds = Object.keys(mechanics) as TMechanicId[];

export function isMechanicId(id: string): id is TMechanicId {
  return Object.hasOwn(mechanics, id);
}

/** Throws on an unknown id: callers validate untrusted ids with isMechanicId first. */
export function getMechanic(id: TMechanicId | string): TMechanic {
  if (!isMechanicId(id)) throw new Error(`unknown mechanic: ${id}`);
  return mechanics[id];
}

/** Level by id from the published track, or undefined. */
export function getLevel(mechanicId: TMechanicId, levelId: string): TLevelDefinition | undefined {
  return tracks[mechanicId].levels.find((l) => l.id === levelId);
}

/**
 * Re-runs a game from scratch. Every command is applied in order, refused
 * ones included (they are no-ops on state), so the stored command log of a
 * run reproduces its final state exactly.
 */
export function replay<S = unknown>(
  mechanicId: TMechanicId | string,
  level: TLevelDefinition,
  seed: string,
  commands: readonly TCommand[],
): { state: S; results: TApplyResult<S>[] } {
  const mechanic = getMechanic(mechanicId) as TMechanic<S>;
  let state: S = mechanic.init(level, seed);
  const results: TApplyResult<S>[] = [];
  for (const command of commands) {
    const result = mechanic.apply(state, command);
    results.push(result);
    state = result.state;
  }
  return { state, results };
}
