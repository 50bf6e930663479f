// Single entry point for the rest of the server: mechanic lookup, published
// level tracks, and deterministic replay (verification of stored runs).
// Engines and tracks are registered by their game manifests (manifests.ts).
import { GAME_MANIFESTS } from "./manifests";
import type { TApplyResult, TCommand, TLevelDefinition, TLevelTrack, TMechanic } from "./types";
import type { TMechanicId } from "./manifests";

export const mechanics = Object.fromEntries(GAME_MANIFESTS.map((g) => [g.id, g.engine])) as Record<TMechanicId, TMechanic>;

export const tracks = Object.fromEntries(GAME_MANIFESTS.map((g) => [g.id, g.track])) as Record<TMechanicId, TLevelTrack>;

export const mechanicIds = GAME_MANIFESTS.map((g) => g.id);

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
