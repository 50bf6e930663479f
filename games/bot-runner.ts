// Drives a full run with the reference bot, feeding it only views and the
// animation steps a client would receive. Shared by tests and benchmarks.
import { emptyMemoryKnowledge, suggestCommand, updateMemoryKnowledge } from "./bots";
import { getMechanic } from "./registry";
import type { TCommand, TLevelDefinition, TOutcome } from "./types";
import type { TMechanicId } from "./manifests";

export type TBotRun = {
  outcome: TOutcome | null; // null if the bot gave up or hit maxCommands
  score: number;
  commands: TCommand[];
  refused: number;
  finalState: unknown;
};

export function runBot(
  mechanicId: TMechanicId,
  level: TLevelDefinition,
  seed: string,
  maxCommands = 2000,
): TBotRun {
  const mechanic = getMechanic(mechanicId);
  let state: unknown = mechanic.init(level, seed);
  let view = mechanic.view(state);
  let knowledge = emptyMemoryKnowledge();
  const commands: TCommand[] = [];
  let refused = 0;
  while (!mechanic.isFinished(state) && commands.length < maxCommands) {
    const command = suggestCommand(mechanicId, view, knowledge);
    if (!command) break;
    commands.push(command);
    const result = mechanic.apply(state, command);
    if (!result.accepted) refused++;
    state = result.state;
    view = result.view;
    knowledge = updateMemoryKnowledge(knowledge, result.animation_steps);
  }
  const finished = mechanic.isFinished(state);
  const outcome = finished ? ((view.outcome as TOutcome | undefined) ?? null) : null;
  return { outcome, score: mechanic.score(state), commands, refused, finalState: state };
}

