import { z } from "zod";
import { defineTrigger } from "./define";

/**
 * `streak_reached`: the legacy daily streak reaches `days` consecutive days that the integrator's
 * server confirmed (`streak.server_confirm` on /v1/server/events; once per player and length).
 * A player's own `play.session_start` events never make one.
 */
export const streakReachedTrigger = defineTrigger({
  type: "streak_reached",
  source: "streak",
  summary: "A player's daily streak reaches a number of consecutive days confirmed by your server (streak.server_confirm)",
  params: z.object({ days: z.number().int().min(2).max(365).describe("Consecutive days your server confirmed with `streak.server_confirm`") }).strict(),
  match(event, params) {
    if (event.source !== "streak" || event.currentStreak !== params.days) return null;
    return { sourceKey: `streak:${params.days}` };
  },
});
