// Stars and the leftover bonus, shared by every engine. A level may define star thresholds
// (`stars` on its definition: three ascending scores). When it does, a win converts the budget
// the player did not use into bonus points (added to the score by the engine, so the server's
// score, best score and replay all include it) and earns 1-3 stars from the final score.
// Levels without thresholds (level version 1) behave exactly as before: their runs replay alike.
import type { TLevelDefinition } from "./types";

export type TStarThresholds = [number, number, number];

/** The level's thresholds, validated (three ascending non-negative integers), or null. */
export function levelStars(level: Pick<TLevelDefinition, "id" | "stars">): TStarThresholds | null {
  const s = level.stars;
  if (s === undefined) return null;
  const ok = Array.isArray(s) && s.length === 3 && s.every((x) => Number.isSafeInteger(x) && x >= 0) && s[0] <= s[1] && s[1] <= s[2];
  if (!ok) throw new Error(`level ${level.id}: stars must be three ascending scores`);
  return [s[0], s[1], s[2]];
}

/** Stars a won run earns: one for the win, one more per threshold above the first it reaches. */
export function starsForScore(score: number, thresholds: readonly [number, number, number]): 1 | 2 | 3 {
  if (score >= thresholds[2]) return 3;
  if (score >= thresholds[1]) return 2;
  return 1;
}

/** Points for the budget left at a win (never negative). */
export function leftoverBonus(left: number, pointsPerUnit: number): number {
  return Math.max(0, Math.floor(left)) * pointsPerUnit;
}

/** What an engine state carries when its level has thresholds (absent on version-1 levels). */
export type TStarState = { score: number; star_thresholds?: TStarThresholds; stars_earned?: number; bonus?: number };

/** Fields for an engine's initial state: the level's thresholds, or nothing. */
export function initialStarState(level: Pick<TLevelDefinition, "id" | "stars">): Pick<TStarState, "star_thresholds"> {
  const t = levelStars(level);
  return t ? { star_thresholds: t } : {};
}

/**
 * On a win: adds the leftover bonus to `next.score` and records bonus and stars on `next`
 * (mutates the fresh next state). Returns the fields for the game_won fact, or {} without thresholds.
 */
export function awardWin(next: TStarState, left: number, pointsPerUnit: number): { bonus?: number; stars?: number; score?: number } {
  if (!next.star_thresholds) return {};
  const bonus = leftoverBonus(left, pointsPerUnit);
  next.score += bonus;
  next.bonus = bonus;
  next.stars_earned = starsForScore(next.score, next.star_thresholds);
  return { bonus, stars: next.stars_earned, score: next.score };
}

/** Fields for an engine's view: the thresholds, and once won the stars and the bonus. */
export function starView(state: TStarState): Record<string, unknown> {
  if (!state.star_thresholds) return {};
  const out: Record<string, unknown> = { star_thresholds: state.star_thresholds.slice() };
  if (state.stars_earned !== undefined) {
    out.stars = state.stars_earned;
    out.bonus = state.bonus ?? 0;
  }
  return out;
}
