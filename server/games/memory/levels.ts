// Published memory_v1 track: more pairs and tighter mistake/flip budgets as
// the track goes on. Budgets were tuned against the bot (perfect recall,
// see ../bots.ts); a human with imperfect recall needs some slack on top.
import type { TConstraint, TLevelDefinition, TLevelTrack } from "../types";
import type { TMemoryParams } from "./engine";

function level(
  number: number,
  title: string,
  pairs: number,
  columns: number,
  limits: { mistakes?: number; flips?: number },
): TLevelDefinition<TMemoryParams> {
  const constraints: TConstraint[] = [];
  if (limits.mistakes !== undefined) constraints.push({ type: "mistakes", limit: limits.mistakes });
  if (limits.flips !== undefined) constraints.push({ type: "flips", limit: limits.flips });
  return {
    id: `memory-${String(number).padStart(2, "0")}`,
    version: 1,
    number,
    title,
    params: { pairs, columns },
    goals: [{ type: "pairs", target: pairs }],
    constraints,
  };
}

export const memoryLevels: TLevelDefinition<TMemoryParams>[] = [
  level(1, "First Glance", 4, 4, { mistakes: 6 }),
  level(2, "Six of One", 6, 4, { mistakes: 6 }),
  level(3, "Sharp Eyes", 6, 4, { mistakes: 5 }),
  level(4, "Full Table", 8, 4, { mistakes: 7 }),
  level(5, "Counting Flips", 8, 4, { flips: 30 }),
  level(6, "Ten Pairs", 10, 5, { mistakes: 8 }),
  level(7, "Careful Now", 10, 5, { mistakes: 8, flips: 34 }),
  level(8, "Dozen", 12, 6, { mistakes: 9 }),
  level(9, "Long Memory", 12, 6, { mistakes: 9, flips: 40 }),
  level(10, "Grand Gallery", 15, 6, { mistakes: 10, flips: 50 }),
];

export const memoryTrack: TLevelTrack<TMemoryParams> = {
  mechanic: "memory_v1",
  trackVersion: 1,
  levels: memoryLevels,
};
