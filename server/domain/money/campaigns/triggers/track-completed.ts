import { z } from "zod";
import { defineTrigger } from "./define";

/** `track_completed`: a player wins the last level of a mechanic's track for the first time. */
export const trackCompletedTrigger = defineTrigger({
  type: "track_completed",
  source: "run",
  summary: "A player completes a game's whole level track for the first time",
  params: z.object({ mechanic: z.string().min(1).max(64).optional().describe("Only this mechanic's track") }).strict(),
  match(event, params) {
    if (event.source !== "run" || !event.progression.first_completion || !event.progression.track_complete) return null;
    const { run } = event;
    if (params.mechanic && params.mechanic !== run.mechanic) return null;
    return { runId: run.id, mechanic: run.mechanic, levelNumber: run.level_number, levelId: run.level_id, sourceKey: `${run.mechanic}:track:${run.track_version}` };
  },
});
