import type { TTriggerDefinition, TTriggerEvent } from "./define";
import { gameWonTrigger } from "./game-won";
import { streakReachedTrigger } from "./streak-reached";
import { trackCompletedTrigger } from "./track-completed";

/** Every campaign trigger there is; a campaign's `trigger_type` is one of these. */
export const TRIGGERS = [gameWonTrigger, trackCompletedTrigger, streakReachedTrigger] as unknown as TTriggerDefinition[];
export const TRIGGER_TYPES = ["game_won", "track_completed", "streak_reached"] as const;

export function findTrigger(type: string): TTriggerDefinition | undefined {
  return TRIGGERS.find((t) => t.type === type);
}

export function triggersFor(source: TTriggerEvent["source"]): TTriggerDefinition[] {
  return TRIGGERS.filter((t) => t.source === source);
}
