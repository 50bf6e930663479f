import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { tags } from "./shared.types";

export const progressMeta: TMeta = {
  auth: "session_or_query",
  openapi: {
    method: "GET",
    path: "/v1/progress/state",
    tags,
    summary: "Player progress",
    description: "Progress per game (next level, cycle round, completed levels, best scores) and the legacy streak with its goals. The session may also come as the `session_token` query parameter (legacy fallback, discouraged: URLs end up in logs).",
  },
};
export const ZProgressRequestSchema = z.object({ session_token: z.string().max(4096).optional() });
export const ZProgressResponseSchema = z.object({
  external_user_id: z.string(),
  subject_type: z.string(),
  current_game: z.string().nullable(),
  games: z.array(
    z.object({
      mechanic: z.string(),
      next_level_number: z.number().int(),
      cycle_round: z.number().int(),
      levels_completed: z.number().int(),
      levels_total: z.number().int(),
      track_complete: z.boolean(),
      runs_started: z.number().int(),
      best_scores: z.record(z.string(), z.number()),
    }),
  ),
  streak: z.object({
    current_streak: z.number().int().describe("Consecutive days with a play start (the player's own `play.session_start` events): what the player sees"),
    confirmed_streak: z.number().int().describe("Consecutive days the integrator's server confirmed (`streak.server_confirm`): what `streak_reached` campaigns count"),
    best_streak: z.number().int(),
    last_day: z.string().nullable(),
    days_played: z.number().int(),
    acked_day: z.string().nullable(),
    confirmed_days: z.array(z.string()),
    goals: z.array(z.string()),
  }),
});
