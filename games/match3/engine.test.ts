import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { engineProperties, materialise } from "@/games/testing/property-suite";
import { replay } from "@/games/registry";
import type { TAnimationStep, TCommand, TLevelDefinition } from "@/games/types";
import { BLOCKER, findMatches, hasValidSwap } from "./board";
import { type TMatch3Params, type TMatch3State, match3Mechanic as m3 } from "./engine";
import { match3Levels } from "./levels";

const LETTERS: Record<string, string> = {
  R: "red", B: "blue", G: "green", Y: "yellow", P: "purple", O: "orange", X: BLOCKER,
};
const grid = (rows: string[]) => rows.map((r) => r.split(" ").map((ch) => LETTERS[ch] as string));
const swap = (fr: number, fc_: number, tr: number, tc: number): TCommand => ({
  action: "swap",
  payload: { from: { row: fr, col: fc_ }, to: { row: tr, col: tc } },
});

function testLevel(overrides: Partial<TLevelDefinition<TMatch3Params>> = {}, blockers = 0): TLevelDefinition<TMatch3Params> {
  return {
    id: "match3-test",
    version: 1,
    number: 1,
    title: "Test",
    params: {
      rows: 6,
      cols: 6,
      colours: ["red", "blue", "green", "yellow", "purple", "orange"],
      ...(blockers > 0 ? { blockers: [{ row: 3, col: 2 }, { row: 1, col: 0 }].slice(0, blockers) } : {}),
    },
    goals: [{ type: "score", target: 100000 }],
    constraints: [{ type: "moves", limit: 20 }],
    ...overrides,
  };
}

function withGrid(level: TLevelDefinition<TMatch3Params>, rows: string[]): TMatch3State {
  return { ...m3.init(level, "fixed"), grid: grid(rows) };
}

const stepsOf = (steps: TAnimationStep[], type: string) => steps.filter((s) => s.type === type);

// A swap of (5,2)<->(5,3) makes a red line; the fall then lines up three greens on row 4.
const CASCADE_BOARD = [
  "P O P O P O",
  "O P O P O P",
  "P O P O P O",
  "O P G P O P",
  "Y B Y G G B",
  "R R B R Y O",
];

const BLOCKER_BOARD = [
  "P O P O P O",
  "X P O P O P",
  "P O P O P O",
  "O P X P O P",
  "R R B R Y G",
  "Y G Y B G Y",
];

describe("match3_v1 rules", () => {
  it("refuses a swap that makes no line with no_match", () => {
    const s = withGrid(testLevel(), CASCADE_BOARD);
    const r = m3.apply(s, swap(0, 0, 0, 1));
    expect(r).toMatchObject({ accepted: false, rejection_code: "no_match", finished: false, score: 0 });
    expect(r.state).toBe(s);
  });

  it("validates payloads and geometry", () => {
    const s = withGrid(testLevel(), CASCADE_BOARD);
    const code = (c: unknown) => m3.apply(s, c as TCommand).rejection_code;
    expect(code(swap(0, 0, 1, 1))).toBe("not_adjacent");
    expect(code(swap(2, 2, 2, 2))).toBe("not_adjacent");
    expect(code(swap(0, 5, 0, 6))).toBe("out_of_bounds");
    expect(code(swap(-1, 0, 0, 0))).toBe("out_of_bounds");
    expect(code({ action: "swap", payload: { from: { row: 0, col: 0 } } })).toBe("invalid_payload");
    expect(code({ action: "swap", payload: { from: { row: "0", col: 0 }, to: { row: 0, col: 1 } } })).toBe("invalid_payload");
    expect(code({ action: "swap", payload: { from: { row: 0.5, col: 0 }, to: { row: 0, col: 1 } } })).toBe("invalid_payload");
    expect(code({ action: "swap", payload: null })).toBe("invalid_payload");
    expect(code({ action: "swap", payload: [1, 2] })).toBe("invalid_payload");
    expect(code({ action: "swap", payload: { ...swap(5, 2, 5, 3).payload, pad: "x".repeat(520) } })).toBe("invalid_payload");
    expect(code({ action: "rotate", payload: {} })).toBe("unknown_action");
    expect(code(null)).toBe("invalid_payload");
    // a payload just under the limit is still fine
    const padded = { ...swap(5, 2, 5, 3).payload, pad: "x".repeat(400) };
    expect(m3.apply(s, { action: "swap", payload: padded }).accepted).toBe(true);
  });

  it("clears matches, lets tiles fall, refills, and scores cascades with a multiplier", () => {
    const s = withGrid(testLevel(), CASCADE_BOARD);
    const r = m3.apply(s, swap(5, 2, 5, 3));
    expect(r.accepted).toBe(true);
    const types = r.animation_steps.map((x) => x.type);
    expect(types.slice(0, 5)).toEqual(["swap", "match", "clear", "fall", "refill"]);
    const clears = stepsOf(r.animation_steps, "clear");
    expect(clears[0]).toMatchObject({ cascade: 1, points: 30 });
    expect(clears[0]?.cells).toEqual([{ row: 5, col: 0 }, { row: 5, col: 1 }, { row: 5, col: 2 }]);
    const second = stepsOf(r.animation_steps, "match")[1];
    expect(second?.cascade).toBe(2);
    expect(second?.cells).toEqual(expect.arrayContaining([{ row: 4, col: 2 }, { row: 4, col: 3 }, { row: 4, col: 4 }]));
    expect(clears[1]?.points).toBeGreaterThanOrEqual(60); // 3 tiles x 10 x cascade 2
    const total = clears.reduce((sum, c) => sum + (c.points as number), 0);
    expect(r.score).toBe(total);
    expect(r.state.moves_used).toBe(1);
    expect(r.facts).toContainEqual(expect.objectContaining({ name: "cascade" }));
    expect(findMatches(r.state.grid).cells).toEqual([]);
    expect(hasValidSwap(r.state.grid)).toBe(true);
    expect(r.state.grid.flat().every((v) => typeof v === "string")).toBe(true);
  });

  it("clears blockers next to a match; blockers never fall and tiles pass them", () => {
    const level = testLevel({ goals: [{ type: "clear_blockers", target: 2 }] }, 2);
    const s = withGrid(level, BLOCKER_BOARD);
    const r = m3.apply(s, swap(4, 2, 4, 3));
    expect(r.accepted).toBe(true);
    const clear = stepsOf(r.animation_steps, "clear")[0];
    expect(clear?.blockers).toEqual([{ row: 3, col: 2 }]);
    expect(clear?.points).toBe(3 * 10 + 20);
    const fall = stepsOf(r.animation_steps, "fall")[0]?.moves as { from: unknown; to: unknown }[];
    expect(fall).toContainEqual({ from: { row: 0, col: 0 }, to: { row: 2, col: 0 }, colour: "purple" });
    expect(fall.some((mv) => JSON.stringify(mv.from) === JSON.stringify({ row: 1, col: 0 }))).toBe(false);
    expect(r.state.blockers_cleared).toBeGreaterThanOrEqual(1);
    const goals = r.view.goals as { type: string; progress: number }[];
    expect(goals[0]).toMatchObject({ type: "clear_blockers", target: 2, progress: r.state.blockers_cleared });
    expect(m3.apply(s, swap(3, 2, 4, 2)).rejection_code).toBe("blocked");
  });

  it("counts collected colours towards collect goals", () => {
    const level = testLevel({ goals: [{ type: "collect", target: 3, colour: "red" }] });
    const r = m3.apply(withGrid(level, CASCADE_BOARD), swap(5, 2, 5, 3));
    expect(r.state.collected.red).toBeGreaterThanOrEqual(3);
    expect(r).toMatchObject({ finished: true, outcome: "won" });
    expect(r.facts).toContainEqual(expect.objectContaining({ name: "game_won" }));
    expect(r.facts).toContainEqual(expect.objectContaining({ name: "goal_completed", goal_index: 0 }));
  });

  it("loses when the moves run out before the goals are met", () => {
    const level = testLevel({ constraints: [{ type: "moves", limit: 1 }] });
    const r = m3.apply(withGrid(level, CASCADE_BOARD), swap(5, 2, 5, 3));
    expect(r).toMatchObject({ accepted: true, finished: true, outcome: "lost" });
    expect(r.facts).toContainEqual(expect.objectContaining({ name: "game_lost", reason: "out_of_moves" }));
    expect(r.view.moves_left).toBe(0);
    expect(m3.apply(r.state, swap(0, 0, 0, 1)).rejection_code).toBe("run_finished");
  });

  it("reshuffles deterministically when no valid move is left", () => {
    // Dead boards are rare on big boards; a 4x4 board with six colours gets stuck often.
    const level = testLevel({ params: { rows: 4, cols: 4, colours: ["red", "blue", "green", "yellow", "purple", "orange"] } });
    let shuffled: TAnimationStep | undefined;
    for (let i = 0; i < 200 && !shuffled; i++) {
      const commands = materialise("match3_v1", level, `shuffle-${i}`, Array.from({ length: 15 }, () => "bot"));
      const run = replay("match3_v1", level, `shuffle-${i}`, commands);
      for (const r of run.results) {
        const st = stepsOf(r.animation_steps, "shuffle")[0];
        if (st) {
          shuffled = st;
          const state = r.state as TMatch3State;
          expect(st.grid).toEqual(state.grid);
          expect(findMatches(state.grid).cells).toEqual([]);
          expect(hasValidSwap(state.grid)).toBe(true);
          expect(r.facts).toContainEqual({ name: "board_shuffled" });
        }
      }
    }
    expect(shuffled).toBeDefined();
  });

  it("starts every published level at rest: no lines, a valid move, blockers in place", () => {
    fc.assert(
      fc.property(fc.constantFrom(...match3Levels), fc.string({ maxLength: 16 }), (level, seed) => {
        const s = m3.init(level, seed);
        expect(findMatches(s.grid).cells).toEqual([]);
        expect(hasValidSwap(s.grid)).toBe(true);
        expect(s.grid.length).toBe(level.params.rows);
        for (const b of level.params.blockers ?? []) expect(s.grid[b.row]?.[b.col]).toBe(BLOCKER);
        const blockerCount = s.grid.flat().filter((v) => v === BLOCKER).length;
        expect(blockerCount).toBe(level.params.blockers?.length ?? 0);
        for (const v of s.grid.flat()) if (v !== BLOCKER) expect(level.params.colours).toContain(v);
      }),
      { numRuns: 200 },
    );
  });

  it("after every accepted move the board rests: no lines, a valid move, nothing empty", () => {
    fc.assert(
      fc.property(fc.constantFrom(...match3Levels), fc.string({ maxLength: 8 }), (level, seed) => {
        const commands = materialise("match3_v1", level, seed, Array.from({ length: 12 }, () => "bot"));
        for (const r of replay("match3_v1", level, seed, commands).results) {
          const st = r.state as TMatch3State;
          if (!r.accepted || st.finished) continue;
          expect(findMatches(st.grid).cells).toEqual([]);
          expect(hasValidSwap(st.grid)).toBe(true);
          expect(st.grid.flat().every((v) => typeof v === "string")).toBe(true);
        }
      }),
      { numRuns: 25 },
    );
  });

  it("different seeds give different boards", () => {
    const level = match3Levels[0] as TLevelDefinition<TMatch3Params>;
    const boards = new Set(Array.from({ length: 10 }, (_, i) => JSON.stringify(m3.init(level, `s${i}`).grid)));
    expect(boards.size).toBe(10);
  });
});

const cellArb = (max: number) => fc.record({ row: fc.integer({ min: -1, max }), col: fc.integer({ min: -1, max }) });
const dirs = [[0, 1], [1, 0], [0, -1], [-1, 0]] as const;
const match3CommandArb: fc.Arbitrary<TCommand> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 }), fc.constantFrom(...dirs)).map(
    ([r, c, [dr, dc]]) => swap(r, c, r + dr, c + dc)) },
  { weight: 1, arbitrary: fc.tuple(cellArb(8), cellArb(8)).map(([from, to]) => ({ action: "swap", payload: { from, to } })) },
  { weight: 1, arbitrary: fc.record({ action: fc.constant("swap"), payload: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue()) }) },
) as fc.Arbitrary<TCommand>;

engineProperties({
  mechanicId: "match3_v1",
  levels: [0, 5, 8, 16].map((i) => match3Levels[i] as TLevelDefinition),
  commandArb: match3CommandArb,
  numRuns: 30,
  maxCommands: 30,
  checkView: (state: TMatch3State, view) => {
    expect(Object.keys(view).sort()).toEqual(
      [
        "rows", "cols", "colours", "grid", "moves_left", "moves_limit", "score", "goals", "finished",
        ...(state.finished ? ["outcome"] : []),
        // star thresholds are public (the level's); stars and bonus once won
        ...(state.star_thresholds ? ["star_thresholds"] : []),
        ...(state.stars_earned !== undefined ? ["stars", "bonus"] : []),
      ].sort(),
    );
    expect(view.grid).toEqual(state.grid);
    const json = JSON.stringify(view);
    expect(json).not.toMatch(/rng|seed/);
    for (const n of [state.rng.a, state.rng.b, state.rng.c, state.rng.d]) expect(json).not.toContain(`:${n}`);
  },
});
