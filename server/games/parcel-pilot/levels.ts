// Published parcel_pilot_v1 track. Fuel budgets were set from the worst
// dispatch order (every permutation is checked in levels.test.ts) plus a
// slack that shrinks along the track, so every seed stays solvable.
import type { TConstraint, TLevelDefinition, TLevelTrack } from "../types";
import type { TParcelParams } from "./engine";

function level(
  number: number,
  title: string,
  map: string[],
  deliveries: number,
  limits: { fuel: number; moves?: number },
  options: { capacity?: number; active?: number } = {},
): TLevelDefinition<TParcelParams> {
  const constraints: TConstraint[] = [{ type: "fuel", limit: limits.fuel }];
  if (limits.moves !== undefined) constraints.push({ type: "moves", limit: limits.moves });
  const params: TParcelParams = { map };
  if (options.capacity !== undefined) params.capacity = options.capacity;
  if (options.active !== undefined) params.active = options.active;
  return {
    id: `parcel-${String(number).padStart(2, "0")}`,
    version: 1,
    number,
    title,
    params,
    goals: [{ type: "deliveries", target: deliveries }],
    constraints,
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
  ], 1, { fuel: 20 }),
  level(2, "Two Stops", [
    "S......",
    ".#...#.",
    "..A....",
    "...#...",
    "....B..",
    ".a...b.",
    ".......",
  ], 2, { fuel: 30 }),
  level(3, "Around the Block", [
    "S..#...",
    ".#.#.A.",
    ".#...#.",
    ".##.##.",
    "...#...",
    ".B.#.a.",
    "b......",
  ], 2, { fuel: 40 }),
  level(4, "Warehouse Row", [
    "S...#..c",
    ".##.#.A.",
    ".#......",
    ".#.##.#.",
    "...#b.#.",
    ".B.#..#.",
    ".###.##.",
    "a.....C.",
  ], 3, { fuel: 70 }),
  level(5, "Double Load", [
    "S.......",
    ".##..##.",
    ".#A..#b.",
    "....#...",
    ".#.B#.#.",
    ".#a...#.",
    ".##.###C",
    "c.......",
  ], 3, { fuel: 48 }, { capacity: 2, active: 2 }),
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
  ], 4, { fuel: 108 }),
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
  ], 4, { fuel: 64 }, { capacity: 2, active: 2 }),
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
  ], 4, { fuel: 148 }),
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
  ], 5, { fuel: 124 }, { capacity: 2, active: 2 }),
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
  ], 5, { fuel: 80 }, { capacity: 2, active: 3 }),
];

export const parcelPilotTrack: TLevelTrack<TParcelParams> = {
  mechanic: "parcel_pilot_v1",
  trackVersion: 1,
  levels: parcelPilotLevels,
};
