import { describe, expect, it } from "vitest";
import { computeProgression } from "./progression";

const base = { levelsTotal: 3, progress: { nextLevelNumber: 1, cycleRound: 1, trackCompleted: false, levelsCompleted: 0 }, level: { bestScore: 0, completions: 0 } };

describe("progression", () => {
  it("a first win advances the track and counts as a first completion", () => {
    const { progression } = computeProgression({ ...base, run: { level_number: 1, is_replay: false, cycle_round: 1 }, outcome: "won", score: 100 });
    expect(progression).toEqual({ level_number: 1, first_completion: true, is_replay: false, next_level_number: 2, levels_total: 3, track_complete: false, cycle_round: 1, best_score: 100, new_best: true });
  });

  it("a loss changes nothing but the best score", () => {
    const { progression } = computeProgression({ ...base, run: { level_number: 1, is_replay: false, cycle_round: 1 }, outcome: "lost", score: 40 });
    expect(progression).toMatchObject({ first_completion: false, next_level_number: 1, best_score: 40, new_best: true });
  });

  it("a replay never counts and never moves the track", () => {
    const { progression } = computeProgression({
      ...base,
      progress: { nextLevelNumber: 3, cycleRound: 1, trackCompleted: false, levelsCompleted: 2 },
      level: { bestScore: 500, completions: 1 },
      run: { level_number: 1, is_replay: true, cycle_round: 1 },
      outcome: "won",
      score: 300,
    });
    expect(progression).toMatchObject({ first_completion: false, is_replay: true, next_level_number: 3, best_score: 500, new_best: false });
  });

  it("winning the last level completes the track and starts the next cycle round", () => {
    const { progression, next } = computeProgression({
      ...base,
      progress: { nextLevelNumber: 3, cycleRound: 1, trackCompleted: false, levelsCompleted: 2 },
      run: { level_number: 3, is_replay: false, cycle_round: 1 },
      outcome: "won",
      score: 10,
    });
    expect(progression).toMatchObject({ next_level_number: 1, cycle_round: 2, track_complete: true, first_completion: true });
    expect(next.levelsCompleted).toBe(3);
  });

  it("wins in later cycle rounds are not first completions", () => {
    const { progression } = computeProgression({
      ...base,
      progress: { nextLevelNumber: 1, cycleRound: 2, trackCompleted: true, levelsCompleted: 3 },
      level: { bestScore: 10, completions: 1 },
      run: { level_number: 1, is_replay: false, cycle_round: 2 },
      outcome: "won",
      score: 20,
    });
    expect(progression).toMatchObject({ first_completion: false, next_level_number: 2, cycle_round: 2, track_complete: true, new_best: true });
  });
});
