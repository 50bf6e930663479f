// Measures a level track with the reference bot (bots.ts): per level, the share of seeds won and
// how much of the level's budget (its manifest's budgetUsed: moves, flips or mistakes, fuel) a run
// used. The levels report script (scripts/levels-report.ts) prints it; levels-curve.test.ts
// asserts the designed curve's shape with fewer seeds.
import { runBot } from "./bot-runner";
import { tracks } from "./registry";
import type { TLevelDefinition } from "./types";
import { findGameManifest, type TMechanicId } from "./manifests";

export type TLevelMeasure = {
  level: number;
  id: string;
  version: number;
  seeds: number;
  winRate: number; // 0..1
  /** Mean budget units used (moves, flips/mistakes, fuel) over all runs, and the budget. */
  meanUsed: number;
  budget: number;
  /** Mean share of the budget used, 0..1 (a lost run used all of it). */
  meanUsedShare: number;
  /** Scores of won runs, sorted ascending (for star thresholds). */
  winScores: number[];
  /** Lowest score of a won run before its leftover bonus. */
  winBaseMin: number;
  /** Share of runs that earned 1, 2 and 3 stars (index 0..2; a loss earns none). */
  starShares: [number, number, number];
};

export function measureLevel(mechanicId: TMechanicId, level: TLevelDefinition, seeds: number, prefix = "curve"): TLevelMeasure {
  let wins = 0;
  let used = 0;
  let share = 0;
  let budget = 0;
  const winScores: number[] = [];
  const stars = [0, 0, 0];
  let winBaseMin = Infinity;
  for (let i = 0; i < seeds; i++) {
    const run = runBot(mechanicId, level, `${prefix}-${i}`);
    const b = findGameManifest(mechanicId)!.budgetUsed(run.finalState);
    budget = b.limit;
    const won = run.outcome === "won";
    used += won ? b.used : b.limit;
    share += won ? b.used / b.limit : 1;
    if (won) {
      wins++;
      winScores.push(run.score);
      winBaseMin = Math.min(winBaseMin, run.score - Number((run.finalState as { bonus?: number }).bonus ?? 0));
      const earned = Number((run.finalState as { stars_earned?: number }).stars_earned ?? 1);
      for (let s = 0; s < earned && s < 3; s++) stars[s] = (stars[s] ?? 0) + 1;
    }
  }
  winScores.sort((a, b) => a - b);
  return {
    level: level.number,
    id: level.id,
    version: level.version,
    seeds,
    winRate: wins / seeds,
    meanUsed: used / seeds,
    budget,
    meanUsedShare: share / seeds,
    winScores,
    winBaseMin: Number.isFinite(winBaseMin) ? winBaseMin : 0,
    starShares: [(stars[0] ?? 0) / seeds, (stars[1] ?? 0) / seeds, (stars[2] ?? 0) / seeds] as [number, number, number],
  };
}

export function measureTrack(mechanicId: TMechanicId, seeds: number, prefix = "curve"): TLevelMeasure[] {
  return tracks[mechanicId].levels.map((l) => measureLevel(mechanicId, l, seeds, prefix));
}

/** Score at quantile q (0..1) of a sorted list. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))));
  return sorted[i] as number;
}

/**
 * Star thresholds proposed from a measure (how the published ones were set): 1 star from the
 * lowest winning score before any bonus, 3 stars from the bot's 80th percentile, 2 stars halfway.
 */
export function proposeStars(m: TLevelMeasure, step: number): [number, number, number] {
  const down = (x: number) => Math.floor(x / step) * step;
  const s1 = down(m.winBaseMin);
  const s3 = Math.max(s1, down(quantile(m.winScores, 0.8)));
  return [s1, Math.max(s1, down((s1 + s3) / 2)), s3];
}
