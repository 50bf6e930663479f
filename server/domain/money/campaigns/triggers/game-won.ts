import { z } from "zod";
import { defineTrigger } from "./define";

/**
 * `game_won`: a player wins a level for the first time (never a replay or a later track cycle).
 * Narrow it to one mechanic and a level range. `first_completion_only` (default true) ties each
 * claim to the level won, so every level grants at most once per player and `max_per_user`
 * caps how many levels do; with false the claim follows the campaign's own key.
 */
export const gameWonTrigger = defineTrigger({
  type: "game_won",
  source: "run",
  summary: "A player wins a level for the first time",
  params: z
    .object({
      mechanic: z.string().min(1).max(64).optional().describe("Only runs of this mechanic (e.g. `match3_v1`)"),
      level_min: z.number().int().min(1).max(10_000).optional().describe("Lowest level number that counts"),
      level_max: z.number().int().min(1).max(10_000).optional().describe("Highest level number that counts"),
      first_completion_only: z.boolean().default(true).describe("One claim per level won (key `<mechanic>:level:<level_id>`)"),
    })
    .strict()
    .refine((p) => p.level_min === undefined || p.level_max === undefined || p.level_min <= p.level_max, { message: "level_min must not exceed level_max", path: ["level_max"] }),
  match(event, params) {
    if (event.source !== "run" || !event.progression.first_completion) return null;
    const { run } = event;
    if (params.mechanic && params.mechanic !== run.mechanic) return null;
    if (params.level_min !== undefined && run.level_number < params.level_min) return null;
    if (params.level_max !== undefined && run.level_number > params.level_max) return null;
    return { runId: run.id, mechanic: run.mechanic, levelNumber: run.level_number, levelId: run.level_id, perLevelKey: params.first_completion_only };
  },
});
