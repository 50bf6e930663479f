import { AppError } from "@/server/errors/app-error";
import { jsonbBytesOver } from "@/server/lib/jsonb-size";
import type { TFact } from "@/games/types";
import type { TProgression } from "./progression";
import type { TRunStatus } from "./run-model";

/** Facts that become `game.<fact>` events (the others are animation detail). */
export const EVENT_FACTS = new Set(["game_won", "game_lost", "goal_completed"]);

export type TCommandInput = { commandId: string; sequence: number; action: string; payload: Record<string, unknown> };

export type TCommandResponse = {
  run_id: string;
  sequence: number;
  accepted: boolean;
  rejection_code?: string;
  status: TRunStatus;
  view: Record<string, unknown>;
  animation_steps: Array<Record<string, unknown>>;
  facts: TFact[];
  progression?: TProgression;
};

const MAX_ENVELOPE_BYTES = 8192;
/** Commands a run may store (accepted and refused): no level needs a tenth of it; a script does. */
const MAX_COMMANDS_PER_RUN = 1000;
const CLIENT_VERSION = /^(r[0-9a-f]{12}|legacy-v1)$/;

/**
 * A command request's checks before anything else (fraud gate, locks, writes): the stored
 * envelope's size, the Origin, the run's command limit. Answers the client version to keep with
 * the command: diagnostic only, an invalid value is dropped, never part of the result.
 */
export function assertCommandRequest(o: { input: TCommandInput; origin: string | null; apiOrigin: string; clientVersion?: string }): string | null {
  const { input } = o;
  const bytes = jsonbBytesOver({ command_id: input.commandId, sequence: input.sequence, action: input.action, payload: input.payload }, MAX_ENVELOPE_BYTES);
  if (bytes !== null) {
    throw new AppError("validation_error", `Command envelope is ${bytes} bytes; at most ${MAX_ENVELOPE_BYTES} (jsonb text)`, { details: { envelope_bytes: bytes } });
  }
  if (o.origin !== o.apiOrigin) throw new AppError("origin_not_allowed", "Origin must be the API origin");
  if (input.sequence > MAX_COMMANDS_PER_RUN) {
    throw new AppError("run_command_limit", `A run stores at most ${MAX_COMMANDS_PER_RUN} commands; start a new run`, { details: { max_commands: MAX_COMMANDS_PER_RUN } });
  }
  return o.clientVersion && CLIENT_VERSION.test(o.clientVersion) ? o.clientVersion : null;
}

export type TStoredCommand = { response: TCommandResponse; same: boolean };

/** An exact replay gets the stored response; the same command_id with another body is a conflict. */
export function replay(stored: TStoredCommand): TCommandResponse {
  if (!stored.same) {
    throw new AppError("idempotency_conflict", "command_id was already used for a different command (sequence, action or payload differ)", {
      details: { stored_sequence: stored.response.sequence },
    });
  }
  return stored.response;
}
