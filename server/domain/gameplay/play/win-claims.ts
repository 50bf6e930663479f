import type { TBatch } from "@/server/db/batch";
import { runFacts } from "@/server/domain/trust";
import { createClaims, sendClaimReads } from "@/server/domain/money";
import { reachedAheadSoon, replayAheadSoon, runCommands, verifyRunReplay } from "@/server/domain/gameplay/play/verify-run";
import type { TCommandInput } from "./command-model";
import type { TCommandDecision, TLockedRun } from "./decide-command";
import type { TWonMove } from "./unlocked-command";

/**
 * A winning move's claims, on the move's transaction (apply-command.ts): the claim decision is
 * create-claims.ts's; what a won run adds to it is the fraud gate's run facts — the run's stored
 * commands and their replay through the pure engine.
 */

export type TEarlyWinClaims = ReturnType<typeof sendWinClaimReads>;

/**
 * For a move the engine already saw win (as this process had the run): the claim decision's reads,
 * sent behind the locked read (the claim lock went ahead of it), with the run's stored commands and
 * this move as it will be stored; and the run's replay, made while their round trip is out — none
 * when the run's state is this process's own (its engine's from the level's init through exactly
 * its moves): then the state the winning move reached is what a replay would end in.
 */
export function sendWinClaimReads(batch: TBatch, o: { projectId: string; externalUserId: string; runId: string; won: TWonMove; input: TCommandInput; at: Date }) {
  const { won: { run: won, reached }, input, at } = o;
  const reads = sendClaimReads(batch, {
    source: "run", projectId: o.projectId, externalUserId: o.externalUserId, at, lockHeld: true,
    address: { network: won.client_ip_hash, address: won.client_addr_hash },
    commands: () => runCommands(batch.tx, o.runId).then((stored) => [...stored, { action: input.action, payload: input.payload, accepted: true, at }]),
  });
  const winning = { action: input.action, payload: input.payload };
  const replay = !won.moves ? null : won.derived ? reachedAheadSoon(won, won.moves, winning, reached) : replayAheadSoon(won, won.moves, winning);
  return { reads, replay };
}

/** The claims of a decided winning move (decision.claims), with the reads sent early when there are any. */
export function claimWin(batch: TBatch, o: { run: TLockedRun; decision: TCommandDecision; at: Date; subjectType: "verified" | "anonymous"; clientIdempotencyKey?: string; requestId?: string; early?: TEarlyWinClaims }) {
  const { run, decision: d, at, early } = o;
  const event = { source: "run" as const, projectId: run.project_id, externalUserId: run.external_user_id, run: { ...run, status: d.status }, progression: d.progression!.progression, score: d.result.score, at };
  return createClaims(batch, event, {
    subjectType: o.subjectType,
    address: { network: run.client_ip_hash, address: run.client_addr_hash },
    clientIdempotencyKey: o.clientIdempotencyKey?.slice(0, 255) ?? null,
    requestId: o.requestId,
    reads: early?.reads,
    run: {
      commands: () => runCommands(batch.tx, run.id),
      facts: async (commands) => runFacts(commands, run.started_at, await verifyRunReplay(batch.tx, run, commands, d.result.state, await early?.replay)),
    },
  });
}
