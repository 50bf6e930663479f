import { z } from "zod";
import { defineTrigger } from "./define";

/** `streak_reached`: the legacy daily streak reaches `days` consecutive days (once per player and length). */
export const streakReachedTrigger = defineTrigger({
  type: "streak_reached",
  source: "streak",
  summary: "A player's daily streak reaches a number of consecutive days",
  params: z.object({ days: z.number().int().min(2).max(365).describe("Consecutive days of play") }).strict(),
  match(event, params) {
    if (event.source !== "streak" || event.currentStreak !== params.days) return null;
    return { sourceKey: `streak:${params.days}` };
  },
});
