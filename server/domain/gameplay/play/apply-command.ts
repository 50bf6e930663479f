import { sentAhead, type TBatch } from "@/server/db/batch";
import { withTransaction } from "@/server/db/tx";
import { boosterTokenOf, checkEffectToken, consumeEffectToken } from "@/server/domain/money";
import type { TPlayerSession } from "@/server/domain/identity";
import { guardPlayerWrite } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { getMechanic } from "@/games/registry";
import { now } from "@/server/lib/clock";
import { latencyRecorder } from "@/server/metrics/latency";
import type { TLimitGate } from "@/server/rate-limit/gate";
import { abandonRun } from "./close-run";
import { assertCommandRequest, type TCommandInput, type TCommandResponse } from "./command-model";
import { readTwin, sendCommandWrite, sendLockedRead } from "./command-store";
import { decideCommand, decideRun } from "./decide-command";
import { publishedTrack } from "./levels";
import { runCache } from "./run-cache";
import { tryUnlockedCommand, type TWonMove } from "./unlocked-command";
import { claimWin, sendWinClaimReads } from "./win-claims";

export type { TCommandResponse } from "./command-model";

type TCommandRequest = {
  player: TPlayerSession;
  /** The route's limit (gameCommand), asked as the command is read: its answer gates every answer and write. */
  limits: TLimitGate;
  runId: string;
  origin: string | null;
  apiOrigin: string;
  input: TCommandInput;
  clientVersion?: string;
  /** A client's Idempotency-Key header: kept on a claim for audit only (claims build their own keys). */
  clientIdempotencyKey?: string;
  /** This request's id: a winning move's webhook deliveries carry it to the worker's log lines. */
  requestId?: string;
};

/**
 * Applies one command. The common move, and a finishing move or one that raises events when this
 * process knows enough to write it so, take the unlocked way (tryUnlockedCommand); everything else,
 * and any move that lost a race there, is decided under the run row lock (lockedCommand).
 * The rate limit's answer gates every answer and write; both ways send their first read beside it.
 */
export async function applyCommand(opts: TCommandRequest): Promise<TCommandResponse> {
  const started = performance.now();
  const { player, input } = opts;
  const clientVersion = assertCommandRequest(opts);
  const gate = sentAhead(opts.limits.enforce());
  const fast = await tryUnlockedCommand(player, opts.runId, input, clientVersion, gate);
  if (!fast.answered) runCache.drop(opts.runId); // decided under the lock: this process's hint about the run is no longer worth keeping
  const won = fast.answered ? null : fast.won;
  const locked = () => withTransaction((_tx, batch) => lockedCommand(batch, { ...opts, clientVersion, gate, won }));
  // The locked read looks for a stored twin in its snapshot from before its lock wait: a twin that
  // committed during the wait, one sequence earlier, leaves this move in place to play, and its
  // insert then meets the twin's command_id (23505). Nothing was written: decided again, the read
  // finds the twin and answers it (its response, or 409 `idempotency_conflict`), never a 500.
  const done = fast.answered ? fast : await locked().catch((e: unknown) => (isTwinConflict(e) ? locked() : Promise.reject(e)));
  if (done === "expired") throw new AppError("run_not_active", "Run expired", { details: { status: "abandoned", end_reason: "expired" } });
  // A player names the action (an unknown one is a refusal, not an error) and /v1/status is public:
  // only the game's own actions are labels, anything else is counted as "other".
  const action = getMechanic(done.mechanic).actions.includes(input.action) ? input.action : "other";
  latencyRecorder().record(done.mechanic, action, performance.now() - started);
  return done.response;
}

/** A command_id stored by a concurrent twin (the unique index of migration 0003). */
function isTwinConflict(e: unknown): boolean {
  const err = e as { code?: string; constraint?: string };
  return err.code === "23505" && err.constraint === "game_command_run_id_command_id_key";
}

/** The request as the locked way takes it: its client version checked, the rate limit's answer on its way, and what the unlocked way saw. */
type TLockedRequest = Omit<TCommandRequest, "clientVersion"> & { clientVersion: string | null; gate: Promise<void>; won: TWonMove | null };

/**
 * A command under the run row lock, in one transaction: a known command_id answers its stored
 * response (also after the run closed); an expired run is closed in the same step and refused
 * (`expired`); then the move is decided (decide-command.ts) and written in one statement with its
 * progression and events (command-store.ts), and a winning move's claims are decided last in the
 * same transaction. Lock order: the player's data lock first, as every player write; then a move
 * that may claim takes the player's claim lock before its track progress and its run, all in the
 * locked read's round trip.
 */
async function lockedCommand(batch: TBatch, o: TLockedRequest) {
  const { player, input } = o;
  const at = now();
  const mayClaim = player.subjectType === "verified"; // only a verified player's win can make claims
  const guard = guardPlayerWrite(batch.tx, player, { ingress: true });
  const locked = sendLockedRead(batch, { runId: o.runId, projectId: player.projectId, externalUserId: player.externalUserId, input, claimLockFirst: mayClaim });
  // A move the engine already saw win, where wins make claims (as far as this process knows): the
  // claim decision's reads go out behind the locked read, and the run is replayed meanwhile.
  const early = mayClaim && o.won && runCache.claimsLikely(player.projectId) ? sendWinClaimReads(batch, { projectId: player.projectId, externalUserId: player.externalUserId, runId: o.runId, won: o.won, input, at }) : undefined;
  const run = await locked;
  await guard;
  await o.gate;
  if (!run) throw new AppError("not_found", "Run not found");
  runCache.noteGameMode(run.project_id, run.game_mode);
  const done = (response: TCommandResponse) => ({ response, mechanic: run.mechanic });
  let verdict = decideRun({ run, input, at });
  if (verdict.kind === "look_again") verdict = decideRun({ run, input, at, twin: await readTwin(batch.tx, run.id, input) });
  if (verdict.kind === "answer") return done(verdict.response);
  if (verdict.kind === "expire") return abandonRun(batch.tx, run, "expired").then(() => "expired" as const);
  // A booster is played with the single-use token its purchase issued: checked before the engine, spent only when the engine accepts the move.
  const token = boosterTokenOf(run, input, at);
  if (token) await checkEffectToken(batch.tx, token.id, token.use);
  const track = await publishedTrack(run.mechanic, batch.tx);
  const decision = decideCommand({ run, before: run, gameMode: run.game_mode, input, at, mechanic: getMechanic(run.mechanic), levelsTotal: track.levels.length, sessionId: player.sessionId });
  if (token && decision.body.accepted) await consumeEffectToken(batch.tx, token.id, token.use);
  const { written } = await sendCommandWrite(batch, { run, input, decision, clientVersion: o.clientVersion, at });
  // Nothing is decided after the write but the claims: without them, its COMMIT goes with it.
  if (!decision.claims) await batch.commitWith(written);
  // Claims come last: their first round trip goes out behind the write without waiting for it (a failed write fails them, and this step).
  else await Promise.all([written, claimWin(batch, { run, decision, at, subjectType: player.subjectType, clientIdempotencyKey: o.clientIdempotencyKey, requestId: o.requestId, early })]);
  return done(decision.body);
}
