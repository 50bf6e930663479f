// Published match3_v1 track, version 2: a designed curve. For each level the goals were scaled so
// the reference bot (../bots.ts) needs about 9 moves on level 1 rising to about 19 on level 20,
// and the move limit is the quantile of the moves it needed that gives the level's target win
// rate, from every run on levels 1-3 (a first session is not lost) to about 50 % on level 20 (scripts/levels-tune.ts
// proposes, `npm run levels:report` proves: see the table in docs/integrate/play.md; levels-curve.test.ts keeps
// the shape). Star thresholds: 1 star from the lowest winning score before the leftover-move
// bonus, 3 from the bot's 80th percentile, 2 halfway (level-report.ts proposeStars).
import type { TCell, TGoal, TLevelDefinition, TLevelTrack } from "@/games/types";
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
  stars: [number, number, number],
  blockers: TCell[] = [],
): TLevelDefinition<TMatch3Params> {
  const params: TMatch3Params = { rows: size[0], cols: size[1], colours };
  if (blockers.length > 0) params.blockers = blockers;
  return {
    id: `match3-${String(number).padStart(2, "0")}`,
    version: 2,
    number,
    title,
    params,
    goals,
    constraints: [{ type: "moves", limit: moves }],
    stars,
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
  level(1, "First Sparks", [8, 8], C5, [score(2500)], 22, [2500, 3350, 4200]),
  level(2, "Warm Up", [8, 8], C5, [score(2800)], 23, [2800, 3600, 4450]),
  level(3, "Red Harvest", [8, 8], C5, [collect("red", 22)], 20, [650, 2500, 4350]),
  level(4, "Steady Hands", [8, 8], C5, [score(3500)], 16, [3500, 4150, 4750]),
  level(5, "Blue Tide", [7, 7], C5, [collect("blue", 25), score(2000)], 17, [2000, 2950, 3900]),
  level(6, "Cracked Floor", [8, 8], C5, [blockers(4)], 7, [100, 1200, 2300], B_ROW4),
  level(7, "Rainbow", [8, 8], C6, [score(1800)], 16, [1800, 2250, 2700]),
  level(8, "Garden Party", [7, 7], C5, [collect("green", 25), collect("yellow", 25)], 17, [1600, 2800, 4050]),
  level(9, "Four Corners", [8, 8], C5, [blockers(6), score(3000)], 16, [3000, 3750, 4550], B_CORNERS6),
  level(10, "Tight Quarters", [6, 6], C5, [score(2000)], 16, [2000, 2400, 2800]),
  level(11, "Chain Reaction", [8, 8], C6, [score(2250)], 17, [2250, 2650, 3100]),
  level(12, "Purple Reign", [8, 8], C6, [collect("purple", 20)], 17, [750, 1850, 3000]),
  level(13, "The Cross", [8, 8], C6, [blockers(8)], 5, [300, 750, 1250], B_CROSS8),
  level(14, "Seven Seas", [7, 7], C6, [score(1800)], 17, [1800, 2150, 2550]),
  level(15, "Red Alert", [8, 8], C6, [blockers(6), collect("red", 20)], 16, [1050, 2000, 2950], B_SIX),
  level(16, "Cascade Master", [8, 8], C6, [score(2500)], 18, [2500, 2900, 3350]),
  level(17, "Pocket Vault", [6, 6], C5, [blockers(4), score(2600)], 17, [2600, 3000, 3450], B_SMALL4),
  level(18, "Sunset", [8, 8], C6, [collect("orange", 25), collect("blue", 25)], 22, [1900, 2800, 3750]),
  level(19, "The Ring", [8, 8], C6, [blockers(10)], 5, [350, 800, 1300], B_RING10),
  level(20, "Grand Finale", [8, 8], C6, [score(2500), collect("green", 25), blockers(6)], 19, [2500, 3100, 3750], B_SIX),
];

export const match3Track: TLevelTrack<TMatch3Params> = {
  mechanic: "match3_v1",
  trackVersion: 1,
  levels: match3Levels,
};
