import type { TNewEvent } from "@/server/domain/gameplay/events/record-event";
import { AppError } from "@/server/errors/app-error";
import type { TApplyResult, TMechanic } from "@/games/types";
import { EVENT_FACTS, replay, type TCommandInput, type TCommandResponse, type TStoredCommand } from "./command-model";
import { planProgression, type TProgressionBefore, type TProgressionPlan } from "./progression";
import { isExpired, type TRunRow, type TRunStatus } from "./run-model";

/**
 * The rules of one game command, as pure functions of what the locked read loaded: no connection,
 * no round trip, no clock but the `at` they are given. apply-command.ts loads the facts, asks these,
 * and writes what they return (command-store.ts).
 */

/** The run as the locked read returns it: the run, the player's progress before this move, a stored twin of the command, the project's game mode. */
export type TLockedRun = TRunRow & TProgressionBefore & { stored: TStoredCommand | null; game_mode: string };

export type TRunVerdict =
  /** This command_id was stored already: its response, answered again. */
  | { kind: "answer"; response: TCommandResponse }
  /** The move would be refused for the run's state or sequence: look once more for a concurrent twin first (`twin` in the facts). */
  | { kind: "look_again" }
  /** The run's time is up: close it (abandoned, expired), then refuse the move. */
  | { kind: "expire" }
  /** The run takes the move: decide it with decideCommand. */
  | { kind: "play" };

/**
 * Whether the run takes this move. `twin` is the second look for a stored twin (undefined: not
 * looked yet): the locked read's own look used the snapshot from before its lock wait, so a twin
 * that committed meanwhile is looked for again before a refusal. Throws the refusals:
 * 409 `idempotency_conflict` (the command_id with another body), `run_not_active`, `sequence_conflict`.
 */
export function decideRun(f: { run: TLockedRun; input: TCommandInput; at: Date; twin?: TStoredCommand | null }): TRunVerdict {
  const { run, input } = f;
  const stored = run.stored ?? f.twin;
  if (stored) return { kind: "answer", response: replay(stored) };
  const inPlace = run.status === "active" && input.sequence === run.sequence + 1;
  if (!inPlace && f.twin === undefined) return { kind: "look_again" };
  if (isExpired(run, f.at)) return { kind: "expire" };
  if (run.status !== "active") throw new AppError("run_not_active", `Run is ${run.status}`, { details: { status: run.status } });
  if (input.sequence !== run.sequence + 1) {
    throw new AppError("sequence_conflict", `Expected sequence ${run.sequence + 1}`, { details: { expected_sequence: run.sequence + 1 } });
  }
  return { kind: "play" };
}

/** What a move writes and answers. */
export type TCommandDecision = {
  /** The response (also stored with the command). */
  body: TCommandResponse;
  /** The engine's result: the run's next state and score. */
  result: TApplyResult<unknown>;
  status: TRunStatus;
  finished: boolean;
  endReason: string | null;
  /** `game.*` events of the move's facts. */
  events: TNewEvent[];
  /** A finished run's progression writes. */
  progression: TProgressionPlan | null;
  /** The move wins a run in a project whose wins make claims: the claim decision runs in this transaction. */
  claims: boolean;
};

/**
 * One move of a run that takes it (decideRun said `play`): the engine's answer, the run's new
 * status and end reason, the events its facts raise, a finished run's progression against the
 * published track's `levelsTotal` (read only for a finishing move), and whether it may make claims. A refusal by the game is a
 * normal answer (accepted=false) and consumes the sequence like any other move.
 */
export function decideCommand(f: {
  run: TRunRow;
  /** The player's progress before this move (the locked read's, or what the run's start saw). */
  before: TProgressionBefore;
  /** The project's game mode: a win outside free play makes claims. */
  gameMode: string;
  input: TCommandInput;
  at: Date;
  mechanic: TMechanic;
  levelsTotal: number;
  sessionId?: string;
  applied?: TApplyResult<unknown>;
}): TCommandDecision {
  const { run, input, at } = f;
  // `applied`: the engine's answer to this move on this run's state, when the caller ran it already
  const result = f.applied ?? (f.mechanic.apply(run.state, { action: input.action, payload: input.payload }) as TApplyResult<unknown>);
  const finished = result.accepted && result.finished;
  const status: TRunStatus = finished ? (result.outcome === "won" ? "won" : "lost") : "active";
  const endReason = !finished ? null : status === "won" ? "completed" : String(result.facts.find((x) => x.name === "game_lost")?.reason ?? "failed");
  const events: TNewEvent[] = !result.accepted
    ? []
    : result.facts
        .filter((x) => EVENT_FACTS.has(x.name))
        .map((x) => ({ projectId: run.project_id, externalUserId: run.external_user_id, type: `game.${x.name}`, source: "system" as const, runId: run.id, sessionId: f.sessionId, payload: { ...x, mechanic: run.mechanic, level_number: run.level_number }, at }));
  const body: TCommandResponse = {
    run_id: run.id,
    sequence: input.sequence,
    accepted: result.accepted,
    ...(result.accepted ? {} : { rejection_code: result.rejection_code ?? "refused" }),
    status,
    view: result.view,
    animation_steps: result.animation_steps,
    facts: result.facts,
  };
  const progression = finished ? planProgression({ run, outcome: status as "won" | "lost", score: result.score, levelsTotal: f.levelsTotal, at, before: f.before }) : null;
  if (progression) body.progression = progression.progression;
  // A free-play project makes no claims.
  return { body, result, status, finished, endReason, events, progression, claims: status === "won" && f.gameMode !== "free_play" };
}
