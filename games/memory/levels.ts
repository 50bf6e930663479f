// Published memory_v1 track: more pairs and tighter mistake/flip budgets as
// the track goes on. Version 2 follows a designed curve: each budget is the quantile of what the
// reference bot (perfect recall, ../bots.ts) needed that gives the level's target win rate, from
// every seed on level 1 to about 55 % on level 10 (scripts/levels-tune.ts proposes, the levels
// report proves: see the table in docs/integrate/play.md). A human with imperfect recall finds it harder, which is
// why the bot's curve ends higher than the other games'. Star thresholds: about the 5th, 50th and
// 85th percentile of the bot's winning scores (with the leftover bonus).
import type { TConstraint, TLevelDefinition, TLevelTrack } from "@/games/types";
import type { TMemoryParams } from "./engine";

function level(
  number: number,
  title: string,
  pairs: number,
  columns: number,
  limits: { mistakes?: number; flips?: number },
  stars: [number, number, number],
): TLevelDefinition<TMemoryParams> {
  const constraints: TConstraint[] = [];
  if (limits.mistakes !== undefined) constraints.push({ type: "mistakes", limit: limits.mistakes });
  if (limits.flips !== undefined) constraints.push({ type: "flips", limit: limits.flips });
  return {
    id: `memory-${String(number).padStart(2, "0")}`,
    version: 2,
    number,
    title,
    params: { pairs, columns },
    goals: [{ type: "pairs", target: pairs }],
    constraints,
    stars,
  };
}

export const memoryLevels: TLevelDefinition<TMemoryParams>[] = [
  level(1, "First Glance", 4, 4, { mistakes: 4 }, [450, 600, 800]),
  level(2, "Six of One", 6, 4, { mistakes: 5 }, [700, 950, 1200]),
  level(3, "Sharp Eyes", 6, 4, { mistakes: 4 }, [700, 900, 1150]),
  level(4, "Full Table", 8, 4, { mistakes: 5 }, [1000, 1400, 1850]),
  level(5, "Counting Flips", 8, 4, { flips: 26 }, [1000, 1300, 1600]),
  level(6, "Ten Pairs", 10, 5, { mistakes: 6 }, [1350, 1750, 2200]),
  level(7, "Careful Now", 10, 5, { flips: 32 }, [1300, 1700, 2100]),
  level(8, "Fourteen", 14, 7, { mistakes: 8 }, [1950, 2800, 3700]),
  level(9, "Long Memory", 16, 8, { mistakes: 9 }, [2400, 3350, 4350]),
  level(10, "Grand Gallery", 18, 6, { mistakes: 10 }, [2850, 3800, 4750]),
];

export const memoryTrack: TLevelTrack<TMemoryParams> = {
  mechanic: "memory_v1",
  trackVersion: 1,
  levels: memoryLevels,
};
