// Published parcel_pilot_v1 track. The seed only picks the dispatch order. Version 2 follows a
// designed curve: levels 1-3 are won on every order with fuel to spare; from level 4 the fuel is
// the quantile of what the reference bot needed over the orders that gives the level's target win
// rate, down to about 45 % on level 10 (scripts/levels-tune.ts proposes, the levels report proves:
// see the table in docs/integrate/play.md; levels.test.ts checks every order). Star thresholds: about the 5th,
// 50th and 85th percentile of the bot's winning scores (with the fuel bonus).
import type { TConstraint, TLevelDefinition, TLevelTrack } from "@/games/types";
import type { TParcelParams } from "./engine";

function level(
  number: number,
  title: string,
  map: string[],
  deliveries: number,
  limits: { fuel: number; moves?: number },
  stars: [number, number, number],
  options: { capacity?: number; active?: number } = {},
): TLevelDefinition<TParcelParams> {
  const constraints: TConstraint[] = [{ type: "fuel", limit: limits.fuel }];
  if (limits.moves !== undefined) constraints.push({ type: "moves", limit: limits.moves });
  const params: TParcelParams = { map };
  if (options.capacity !== undefined) params.capacity = options.capacity;
  if (options.active !== undefined) params.active = options.active;
  return {
    id: `parcel-${String(number).padStart(2, "0")}`,
    version: 2,
    number,
    title,
    params,
    goals: [{ type: "deliveries", target: deliveries }],
    constraints,
    stars,
  };
}

export const parcelPilotLevels: TLevelDefinition<TParcelParams>[] = [
  level(1, "First Delivery", [
    "S......",
    ".......",
    "..A....",
    ".......",
    ".......",
    "....a..",
    ".......",
  ], 1, { fuel: 13 }, [100, 120, 140]),
  level(2, "Two Stops", [
    "S......",
    ".#...#.",
    "..A....",
    "...#...",
    "....B..",
    ".a...b.",
    ".......",
  ], 2, { fuel: 21 }, [200, 230, 270]),
  level(3, "Around the Block", [
    "S..#...",
    ".#.#.A.",
    ".#...#.",
    ".##.##.",
    "...#...",
    ".B.#.a.",
    "b......",
  ], 2, { fuel: 27 }, [200, 220, 250]),
  level(4, "Warehouse Row", [
    "S...#..c",
    ".##.#.A.",
    ".#......",
    ".#.##.#.",
    "...#b.#.",
    ".B.#..#.",
    ".###.##.",
    "a.....C.",
  ], 3, { fuel: 57 }, [300, 370, 440]),
  level(5, "Double Load", [
    "S.......",
    ".##..##.",
    ".#A..#b.",
    "....#...",
    ".#.B#.#.",
    ".#a...#.",
    ".##.###C",
    "c.......",
  ], 3, { fuel: 37 }, [300, 330, 360], { capacity: 2, active: 2 }),
  level(6, "Four Corners", [
    "A.....#.B",
    ".##.#...#",
    ".#..#.#.a",
    "...##.#.#",
    "#.#.S.#..",
    "..#.###..",
    ".##...#.#",
    "d...#...b",
    "C.#..#.cD",
  ], 4, { fuel: 84 }, [400, 480, 570]),
  level(7, "Rush Hour", [
    "S....#...",
    ".###.#.#.",
    ".#A....#.",
    ".#.###.#b",
    "...#B..#.",
    "##.#.#...",
    "a..#.#.#D",
    ".#.....#.",
    "...#C#d.c",
  ], 4, { fuel: 50 }, [400, 460, 520], { capacity: 2, active: 2 }),
  level(8, "The Maze", [
    "S.#......",
    ".##.####.",
    "..c.#A.#.",
    "#.#.#.##.",
    "..#...#.D",
    ".####.#.#",
    ".#B.#...d",
    ".#.##.##.",
    "a...C#b..",
  ], 4, { fuel: 109 }, [400, 490, 590]),
  level(9, "Busy Streets", [
    "S...#....",
    ".##...##.",
    ".#A.#.#e.",
    "...##..#.",
    ".#..B.#..",
    ".#.##.#C.",
    "...#..##.",
    "#.#.E#d.b",
    "c.a.#D...",
  ], 5, { fuel: 89 }, [500, 580, 670], { capacity: 2, active: 2 }),
  level(10, "Grand Route", [
    "A...#...S",
    ".##...#..",
    ".#..#.#.c",
    "...##B#..",
    "#.#....#.",
    "..#.##.#.",
    "e.#d.#C..",
    ".###.#.##",
    "E..a...bD",
  ], 5, { fuel: 63 }, [500, 510, 520], { capacity: 2, active: 3 }),
];

export const parcelPilotTrack: TLevelTrack<TParcelParams> = {
  mechanic: "parcel_pilot_v1",
  trackVersion: 1,
  levels: parcelPilotLevels,
};
