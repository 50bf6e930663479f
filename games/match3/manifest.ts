import type { TBudget, TGameManifest } from "../types";
import { suggestMatch3 } from "./bot";
import { match3Mechanic } from "./engine";
import { match3Track } from "./levels";
import { match3Meta } from "./meta";

/** A Gem Match run spends moves. */
function budgetUsed(state: unknown): TBudget {
  const s = state as { moves_used: number; moves_limit: number };
  return { used: Number(s.moves_used), limit: Number(s.moves_limit) };
}

/** Gem Match: its meta, engine, level track, reference bot and budget (the level report). */
export const match3Manifest = {
  ...match3Meta,
  engine: match3Mechanic,
  track: match3Track,
  bot: suggestMatch3,
  budgetUsed,
} as const satisfies TGameManifest;
