import { sentAhead, type TBatch } from "@/server/db/batch";
import { withTransaction } from "@/server/db/tx";
import { checkEffectToken, consumeEffectToken, readEffectToken } from "@/server/domain/economy/effect-token";
import { runFacts } from "@/server/domain/fraud/signals";
import type { TPlayerSession } from "@/server/domain/players/player-token";
import { guardPlayerWrite } from "@/server/domain/players/write-guard";
import { claimLock, sendClaimReads } from "@/server/domain/rewards/claim-store";
import { createClaims } from "@/server/domain/rewards/create-claims";
import { replayAheadSoon, runCommands, verifyRunReplay } from "@/server/domain/rewards/verify-run";
import { AppError } from "@/server/errors/app-error";
import { getMechanic } from "@/server/games/registry";
import { now } from "@/server/lib/clock";
import { latencyRecorder } from "@/server/metrics/latency";
import { rateLimiter } from "@/server/rate-limit/limiter";
import { abandonRun } from "./close-run";
import { assertCommandRequest, type TCommandInput, type TCommandResponse } from "./command-model";
import { readTwin, sendCommandWrite, sendLockedRead } from "./command-store";
import { decideCommand, decideRun, type TCommandDecision, type TLockedRun } from "./decide-command";
import { publishedTrack } from "./levels";
import { runCache, type TCachedRun } from "./run-cache";
import { tryUnlockedCommand } from "./unlocked-command";

export type { TCommandResponse } from "./command-model";

type TCommandRequest = {
  player: TPlayerSession;
  runId: string;
  origin: string | null;
  apiOrigin: string;
  input: TCommandInput;
  clientVersion?: string;
  /** A client's Idempotency-Key header: kept on a claim for audit only (claims build their own keys). */
  clientIdempotencyKey?: string;
};

/**
 * Applies one command. The common move takes the unlocked way (tryUnlockedCommand); everything
 * else, and any move that lost a race there, is decided under the run row lock (lockedCommand).
 * The rate limit's answer gates every answer and write; both ways send their first read beside it.
 */
export async function applyCommand(opts: TCommandRequest): Promise<TCommandResponse> {
  const started = performance.now();
  const { player, input } = opts;
  const clientVersion = assertCommandRequest(opts);
  const gate = sentAhead(rateLimiter().enforce("gameCommand", `${player.projectId}:${player.externalUserId}`));
  const fast = await tryUnlockedCommand(player, opts.runId, input, clientVersion, gate);
  if (!fast.answered) runCache.drop(opts.runId); // decided under the lock: this process's hint about the run is no longer worth keeping
  const done = fast.answered ? fast : await withTransaction((_tx, batch) => lockedCommand(batch, { ...opts, clientVersion, gate, won: fast.won }));
  if (done === "expired") throw new AppError("run_not_active", "Run expired", { details: { status: "abandoned", end_reason: "expired" } });
  latencyRecorder().record(done.mechanic, input.action, performance.now() - started);
  return done.response;
}

/** The request as the locked way takes it: its client version checked, the rate limit's answer on its way, and what the unlocked way saw. */
type TLockedRequest = Omit<TCommandRequest, "clientVersion"> & { clientVersion: string | null; gate: Promise<void>; won: TCachedRun | null };

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
  if (mayClaim) batch.send(batch.tx.query(claimLock(player.projectId, player.externalUserId)));
  const locked = sendLockedRead(batch, { runId: o.runId, projectId: player.projectId, externalUserId: player.externalUserId, input });
  // A move the engine already saw win, where wins make claims (as far as this process knows): the
  // claim decision's reads go out behind the locked read, and the run is replayed meanwhile.
  const early = mayClaim && o.won && runCache.claimsLikely(player.projectId) ? claimReadsAhead(batch, o, o.won, at) : undefined;
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
  const token = input.action === "booster" ? { id: readEffectToken(input.payload.effect_token), use: { projectId: run.project_id, externalUserId: run.external_user_id, mechanic: run.mechanic, effect: input.payload.effect, runId: run.id, sequence: input.sequence, at } } : null;
  if (token) await checkEffectToken(batch.tx, token.id, token.use);
  const track = await publishedTrack(run.mechanic, batch.tx);
  const decision = decideCommand({ run, input, at, mechanic: getMechanic(run.mechanic), levelsTotal: track.levels.length, sessionId: player.sessionId });
  if (token && decision.body.accepted) await consumeEffectToken(batch.tx, token.id, token.use);
  const { written } = await sendCommandWrite(batch, { run, input, decision, clientVersion: o.clientVersion, at });
  // Nothing is decided after the write but the claims: without them, its COMMIT goes with it.
  if (!decision.claims) await batch.commitWith(written);
  // Claims come last: their first round trip goes out behind the write without waiting for it (a failed write fails them, and this step).
  else await Promise.all([written, claimStep(batch, o, run, decision, at, early)]);
  return done(decision.body);
}

/** The claim decision's reads and the run's replay, sent ahead for a move known to win (with the run's stored commands, and this one as it will be stored). */
function claimReadsAhead(batch: TBatch, o: TLockedRequest, won: TCachedRun, at: Date) {
  const { player, input } = o;
  const reads = sendClaimReads(batch, {
    source: "run", projectId: player.projectId, externalUserId: player.externalUserId, at, lockHeld: true,
    address: { network: won.client_ip_hash, address: won.client_addr_hash },
    commands: () => runCommands(batch.tx, o.runId).then((stored) => [...stored, { action: input.action, payload: input.payload, accepted: true, at }]),
  });
  return { reads, replay: won.moves ? replayAheadSoon(won, won.moves, { action: input.action, payload: input.payload }) : null };
}

/** A winning move's claims, on its transaction: the gate's run facts are its stored commands and their replay. */
function claimStep(batch: TBatch, o: TLockedRequest, run: TLockedRun, d: TCommandDecision, at: Date, early: ReturnType<typeof claimReadsAhead> | undefined) {
  const event = { source: "run" as const, projectId: run.project_id, externalUserId: run.external_user_id, run: { ...run, status: d.status }, progression: d.progression!.progression, score: d.result.score, at };
  return createClaims(batch, event, {
    subjectType: o.player.subjectType,
    address: { network: run.client_ip_hash, address: run.client_addr_hash },
    clientIdempotencyKey: o.clientIdempotencyKey?.slice(0, 255) ?? null,
    reads: early?.reads,
    run: {
      commands: () => runCommands(batch.tx, run.id),
      facts: async (commands) => runFacts(commands, run.started_at, await verifyRunReplay(batch.tx, run, commands, d.result.state, await early?.replay)),
    },
  });
}
