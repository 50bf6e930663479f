import { describe, expect, it } from "vitest";
import { match3Mechanic } from "@/games/match3/engine";
import { memoryMechanic } from "@/games/memory/engine";
import { parcelPilotMechanic } from "@/games/parcel-pilot/engine";
import { runBot } from "./bot-runner";
import { tracks } from "./registry";
import { leftoverBonus, levelStars, starsForScore } from "./stars";
import type { TApplyResult, TLevelDefinition, TMechanic } from "./types";

describe("stars", () => {
  it("a win earns 1 star below the second threshold, 2 from it, 3 from the third", () => {
    const t = [100, 500, 900] as const;
    expect(starsForScore(0, t)).toBe(1);
    expect(starsForScore(499, t)).toBe(2 - 1);
    expect(starsForScore(500, t)).toBe(2);
    expect(starsForScore(899, t)).toBe(2);
    expect(starsForScore(900, t)).toBe(3);
    expect(starsForScore(5000, t)).toBe(3);
  });

  it("leftover bonus is points per unit left, never negative", () => {
    expect(leftoverBonus(4, 50)).toBe(200);
    expect(leftoverBonus(0, 50)).toBe(0);
    expect(leftoverBonus(-3, 50)).toBe(0);
  });

  it("thresholds must be three ascending scores", () => {
    expect(levelStars({ id: "x" })).toBeNull();
    expect(levelStars({ id: "x", stars: [1, 2, 3] })).toEqual([1, 2, 3]);
    expect(() => levelStars({ id: "x", stars: [3, 2, 1] })).toThrow();
    expect(() => levelStars({ id: "x", stars: [1, 2] as unknown as [number, number, number] })).toThrow();
  });

  it("every published level defines its star thresholds", () => {
    for (const track of Object.values(tracks)) for (const level of track.levels) expect(levelStars(level), level.id).not.toBeNull();
  });
});

/** A won run of the bot on the level, with its seed. */
function wonRun(mechanic: keyof typeof tracks, level: TLevelDefinition) {
  for (let i = 0; i < 50; i++) {
    const run = runBot(mechanic, level, `stars-${i}`);
    if (run.outcome === "won") return { ...run, seed: `stars-${i}` };
  }
  throw new Error("no win");
}

describe.each([
  ["match3_v1", match3Mechanic, 0],
  ["memory_v1", memoryMechanic, 1],
  ["parcel_pilot_v1", parcelPilotMechanic, 0],
] as const)("%s: the win converts leftover budget into a bonus and stars", (id, mechanic, index) => {
  it("adds the bonus to the score, reports it in the view and the game_won fact", () => {
    const level = tracks[id].levels[index] as TLevelDefinition;
    const run = wonRun(id, level);
    const state = run.finalState as { score: number; stars_earned: number; bonus: number };
    const view = mechanic.view(state as never) as { stars: number; bonus: number; score: number; star_thresholds: number[] };
    expect(state.bonus).toBeGreaterThanOrEqual(0);
    expect(view.bonus).toBe(state.bonus);
    expect(view.stars).toBe(starsForScore(state.score, levelStars(level)!));
    expect(view.star_thresholds).toEqual(level.stars);
    // replaying the log to its last command shows the fact carrying bonus and stars
    const m = mechanic as unknown as TMechanic;
    let s: unknown = m.init(level, run.seed);
    let last: TApplyResult<unknown> | null = null;
    for (const c of run.commands) {
      last = m.apply(s, c);
      s = last.state;
    }
    const won = last?.facts.find((f) => f.name === "game_won");
    expect(won).toMatchObject({ bonus: state.bonus, stars: view.stars });
    expect(last?.score).toBe(state.score);
    expect(last?.animation_steps.at(-1)).toMatchObject({ type: "bonus", points: state.bonus, score: state.score });
  });

  it("a level without thresholds (version 1) keeps its old scoring: no bonus fields", () => {
    const level = { ...(tracks[id].levels[index] as TLevelDefinition) };
    delete level.stars;
    const state = mechanic.init(level as never, "v1") as Record<string, unknown>;
    expect(state).not.toHaveProperty("star_thresholds");
    expect(mechanic.view(state as never)).not.toHaveProperty("stars");
  });
});

