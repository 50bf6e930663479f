// Published match3_v1 track. Difficulty was tuned against the greedy bot in
// ../bots.ts (see levels.test.ts for the measured win rates): levels 1-3 are
// near-certain wins, later ones tighten moves, add colours and blockers.
import type { TCell, TGoal, TLevelDefinition, TLevelTrack } from "../types";
import type { TMatch3Params } from "./engine";

const C5 = ["red", "blue", "green", "yellow", "purple"];
const C6 = [...C5, "orange"];

function level(
  number: number,
  title: string,
  size: [number, number],
  colours: string[],
  goals: TGoal[],
  moves: number,
  blockers: TCell[] = [],
): TLevelDefinition<TMatch3Params> {
  const params: TMatch3Params = { rows: size[0], cols: size[1], colours };
  if (blockers.length > 0) params.blockers = blockers;
  return {
    id: `match3-${String(number).padStart(2, "0")}`,
    version: 1,
    number,
    title,
    params,
    goals,
    constraints: [{ type: "moves", limit: moves }],
  };
}

const cells = (...pairs: [number, number][]): TCell[] => pairs.map(([row, col]) => ({ row, col }));
const score = (target: number): TGoal => ({ type: "score", target });
const collect = (colour: string, target: number): TGoal => ({ type: "collect", target, colour });
const blockers = (target: number): TGoal => ({ type: "clear_blockers", target });

const B_ROW4 = cells([7, 2], [7, 3], [7, 4], [7, 5]);
const B_CORNERS6 = cells([0, 0], [0, 7], [7, 0], [7, 7], [4, 3], [4, 4]);
const B_CROSS8 = cells([3, 3], [3, 4], [4, 3], [4, 4], [2, 3], [5, 4], [3, 2], [4, 5]);
const B_SMALL4 = cells([2, 2], [2, 3], [3, 2], [3, 3]);
const B_RING10 = cells([2, 2], [2, 5], [5, 2], [5, 5], [2, 3], [2, 4], [5, 3], [5, 4], [3, 2], [4, 5]);
const B_SIX = cells([6, 1], [6, 6], [1, 1], [1, 6], [3, 3], [4, 4]);

export const match3Levels: TLevelDefinition<TMatch3Params>[] = [
  level(1, "First Sparks", [8, 8], C5, [score(1000)], 20),
  level(2, "Warm Up", [8, 8], C5, [score(2000)], 20),
  level(3, "Red Harvest", [8, 8], C5, [collect("red", 20)], 20),
  level(4, "Steady Hands", [8, 8], C5, [score(3000)], 20),
  level(5, "Blue Tide", [7, 7], C5, [collect("blue", 25), score(2000)], 20),
  level(6, "Cracked Floor", [8, 8], C5, [blockers(4)], 15, B_ROW4),
  level(7, "Rainbow", [8, 8], C6, [score(1200)], 20),
  level(8, "Garden Party", [7, 7], C5, [collect("green", 25), collect("yellow", 25)], 22),
  level(9, "Four Corners", [8, 8], C5, [blockers(6), score(2500)], 22, B_CORNERS6),
  level(10, "Tight Quarters", [6, 6], C5, [score(2000)], 20),
  level(11, "Chain Reaction", [8, 8], C6, [score(1800)], 20),
  level(12, "Purple Reign", [8, 8], C6, [collect("purple", 20)], 20),
  level(13, "The Cross", [8, 8], C6, [blockers(8)], 10, B_CROSS8),
  level(14, "Seven Seas", [7, 7], C6, [score(1800)], 22),
  level(15, "Red Alert", [8, 8], C6, [blockers(6), collect("red", 20)], 22, B_SIX),
  level(16, "Cascade Master", [8, 8], C6, [score(2500)], 20),
  level(17, "Pocket Vault", [6, 6], C5, [blockers(4), score(1500)], 18, B_SMALL4),
  level(18, "Sunset", [8, 8], C6, [collect("orange", 25), collect("blue", 25)], 24),
  level(19, "The Ring", [8, 8], C6, [blockers(10)], 12, B_RING10),
  level(20, "Grand Finale", [8, 8], C6, [score(2500), collect("green", 25), blockers(6)], 25, B_SIX),
];

export const match3Track: TLevelTrack<TMatch3Params> = {
  mechanic: "match3_v1",
  trackVersion: 1,
  levels: match3Levels,
};
