import type { TBudget, TGameManifest } from "../types";
import { suggestMemory } from "./bot";
import { memoryMechanic } from "./engine";
import { memoryTrack } from "./levels";
import { memoryMeta } from "./meta";

/** A Memory Pairs run spends flips, mistakes or both: mistakes allowed are limit + 1 (one more loses); flips are a plain budget. */
function budgetUsed(state: unknown): TBudget {
  const s = state as { mistakes: number; mistakes_limit: number | null; flips: number; flips_limit: number | null };
  const shares: TBudget[] = [];
  if (s.mistakes_limit !== null && s.mistakes_limit !== undefined) shares.push({ used: Number(s.mistakes), limit: s.mistakes_limit + 1 });
  if (s.flips_limit !== null && s.flips_limit !== undefined) shares.push({ used: Number(s.flips), limit: s.flips_limit });
  return shares.reduce((a, b) => (b.used / b.limit > a.used / a.limit ? b : a), shares[0] ?? { used: 0, limit: 1 });
}

/** Memory Pairs: its meta, engine, level track, reference bot and budget (the level report). */
export const memoryManifest = {
  ...memoryMeta,
  engine: memoryMechanic,
  track: memoryTrack,
  bot: suggestMemory,
  budgetUsed,
} as const satisfies TGameManifest;
