// Reference bots for e2e tests, load benchmarks and the level report. Each game's bot lives in its
// package (games/<game>/bot.ts, named by its manifest). They see ONLY what a player sees: the view,
// plus (memory) what the player was shown in reveal animation steps. That makes them a fair check
// that the view is sufficient to play, and that levels are winnable without hidden information.
import { findGameManifest, type TMechanicId } from "./manifests";
import { emptyMemoryKnowledge } from "./memory/bot";
import type { TBotMemory, TCommand } from "./types";

export { emptyMemoryKnowledge, updateMemoryKnowledge } from "./memory/bot";
/** What a player remembers of what they were shown (memory_v1's faces). */
export type TMemoryKnowledge = TBotMemory;

/**
 * Picks a good next command from the player's view. `memory` is the
 * caller-held knowledge for memory_v1 (see updateMemoryKnowledge).
 * Returns null when the run is finished or no sensible command exists.
 */
export function suggestCommand(mechanicId: TMechanicId, view: Record<string, unknown>, memory?: TBotMemory): TCommand | null {
  if (view.finished === true) return null;
  return findGameManifest(mechanicId)!.bot(view, memory ?? emptyMemoryKnowledge());
}
