import type { TPlayerSession } from "@/server/domain/players/player-token";
import { eventsInsert, type TNewEvent } from "@/server/domain/events/record-event";
import { noteActivePlayers } from "@/server/domain/billing/active-players";
import { AppError } from "@/server/errors/app-error";
import { getMechanic } from "@/server/games/registry";
import { sentAhead, withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { rateLimiter } from "@/server/rate-limit/limiter";
import { runFacts } from "@/server/domain/fraud/signals";
import { checkEffectToken, consumeEffectToken, readEffectToken } from "@/server/domain/economy/effect-token";
import { claimLock, createClaims, sendClaimReads } from "@/server/domain/rewards/create-claims";
import { guardPlayerWrite } from "@/server/domain/players/write-guard";
import { namedQuery } from "@/server/db/statement-names";
import { replayAhead, runCommands, verifyRunReplay, type TReplayAhead } from "@/server/domain/rewards/verify-run";
import { latencyRecorder } from "@/server/metrics/latency";
import { abandonRun } from "./close-run";
import { jsonbBytes } from "@/server/lib/jsonb-size";
import { publishedTrack } from "./levels";
import { planProgression, PROGRESSION_BEFORE_COLUMNS, PROGRESSION_BEFORE_JOINS, type TProgression, type TProgressionBefore, type TProgressionPlan } from "./progression";
import { commandWrite, EVENT_FACTS, replay, STORED_COMMAND, type TCommandInput, type TCommandResponse, type TStoredCommand } from "./command-model";
import { isExpired, RUN_COLUMNS_R, type TRunRow, type TRunStatus } from "./run-model";
import { runCache, type TCachedMove, type TCachedRun } from "./run-cache";
import { tryUnlockedCommand } from "./unlocked-command";

export type { TCommandInput, TCommandResponse } from "./command-model";

const MAX_ENVELOPE_BYTES = 8192;
/** Commands a run may store (accepted and refused): no level needs a tenth of it; a script does. */
const MAX_COMMANDS_PER_RUN = 1000;
const CLIENT_VERSION = /^(r[0-9a-f]{12}|legacy-v1)$/;

/** Size of the stored envelope, checked before anything else (fraud gate, locks, writes). */
function assertEnvelopeSize(input: TCommandInput): void {
  const bytes = jsonbBytes({ command_id: input.commandId, sequence: input.sequence, action: input.action, payload: input.payload });
  if (bytes > MAX_ENVELOPE_BYTES) {
    throw new AppError("validation_error", `Command envelope is ${bytes} bytes; at most ${MAX_ENVELOPE_BYTES} (jsonb text)`, { details: { envelope_bytes: bytes } });
  }
}

/**
 * Applies one command. The common move takes the unlocked way (tryUnlockedCommand); everything
 * else, and any move that lost a race there, is decided under the run row lock: a known command_id returns its stored response
 * (idempotent replay, also after the run closed); a closed run is 409 run_not_active; an expired
 * one is closed (abandoned/expired) in the same step and then refused; the sequence must be the
 * next one. The command, the new state, the run result, progression and events commit in one
 * transaction (everything a finished run causes is written through the same handle). A game refusal is a normal
 * answer (accepted=false) and consumes the sequence like any processed command.
 */
export async function applyCommand(opts: {
  player: TPlayerSession;
  runId: string;
  origin: string | null;
  apiOrigin: string;
  input: TCommandInput;
  clientVersion?: string;
  /** A client's Idempotency-Key header: kept on a claim for audit only (claims build their own keys). */
  clientIdempotencyKey?: string;
}): Promise<TCommandResponse> {
  const started = performance.now();
  const { player, input } = opts;
  assertEnvelopeSize(input);
  if (opts.origin !== opts.apiOrigin) throw new AppError("origin_not_allowed", "Origin must be the API origin");
  if (input.sequence > MAX_COMMANDS_PER_RUN) {
    throw new AppError("run_command_limit", `A run stores at most ${MAX_COMMANDS_PER_RUN} commands; start a new run`, { details: { max_commands: MAX_COMMANDS_PER_RUN } });
  }
  // The rate limit's answer gates every answer and write; both ways send their first read beside
  // it. Marked handled so that a refusal arriving while nothing waits for it yet is not an
  // unhandled rejection.
  const gate = sentAhead(rateLimiter().enforce("gameCommand", `${player.projectId}:${player.externalUserId}`));
  // Diagnostic only: an invalid value is dropped, never part of the result.
  const clientVersion = opts.clientVersion && CLIENT_VERSION.test(opts.clientVersion) ? opts.clientVersion : null;

  let expiredClosed = false;
  let mechanicId = "unknown";
  const fast = await tryUnlockedCommand(player, opts.runId, input, clientVersion, gate);
  if (fast.answered) {
    latencyRecorder().record(fast.mechanic, input.action, performance.now() - started);
    return fast.response;
  }
  // Decided under the lock from here: this process's hint about the run is no longer worth keeping.
  runCache.drop(opts.runId);
  const at = now();
  // Only a verified player's win can make claims.
  const mayClaim = player.subjectType === "verified";
  const response = await withTransaction(async (tx, andCommit) => {
    // Lock order: the player's data lock first, as every player write (and the erased-session and
    // blocked-player checks behind it, write-guard.ts); then a move that may claim takes the player's claim lock before its track
    // progress and its run (createClaims), all in the same round trip as its locked read.
    const guard = guardPlayerWrite(tx, player, { ingress: true });
    if (mayClaim) sentAhead(tx.query(claimLock(player.projectId, player.externalUserId)));
    const locked = tx.query<TRunRow & TProgressionBefore & { stored: TStoredCommand | null; game_mode: string }>({
      name: "command_read_locked", // prepared, as the common move's statements
      text: `SELECT ${RUN_COLUMNS_R}, (${STORED_COMMAND}) AS stored, ${PROGRESSION_BEFORE_COLUMNS},
              (SELECT game_mode FROM project WHERE id = r.project_id) AS game_mode
         FROM game_run r ${PROGRESSION_BEFORE_JOINS}
        WHERE r.id = $1 AND r.project_id = $6 AND r.external_user_id = $7 FOR UPDATE OF r`,
      values: [opts.runId, input.commandId, input.sequence, input.action, JSON.stringify(input.payload), player.projectId, player.externalUserId],
    });
    // A move the engine already saw win, in a project whose wins make claims (as far as this
    // process knows): the claim decision's reads go out behind the locked read (so they run once
    // the run is locked), and the decision waits for no round trip of its own.
    // The run's stored commands are read before this one is written: it is added here, as stored.
    const claimReads =
      mayClaim && fast.won && runCache.claimsLikely(player.projectId)
        ? sendClaimReads(tx, {
            source: "run",
            projectId: player.projectId,
            externalUserId: player.externalUserId,
            at,
            address: { network: fast.won.client_ip_hash, address: fast.won.client_addr_hash },
            lockHeld: true,
            commands: () => runCommands(tx, opts.runId).then((stored) => [...stored, { action: input.action, payload: input.payload, accepted: true, at }]),
          })
        : undefined;
    // This process's copy of the run's moves is replayed while that round trip is out: in a tick
    // queued behind the one that sends it (the client sends a turn's statements in a tick of its
    // own, see corked-client.ts). The replay is then only compared, not made, in the transaction.
    const ahead = claimReads && fast.won?.moves ? replayAheadSoon(fast.won, fast.won.moves, input) : null;
    const row = (await locked).rows[0];
    await guard;
    await gate; // the rate limit's answer, asked before the locked read went out
    if (!row) throw new AppError("not_found", "Run not found");
    mechanicId = row.mechanic;
    runCache.noteGameMode(row.project_id, row.game_mode);
    if (row.stored) return replay(row.stored);
    if (row.status !== "active" || input.sequence !== row.sequence + 1) {
      // The locked read's subquery used the snapshot from before the lock wait: a concurrent twin
      // of this command may have committed meanwhile. Look again before refusing.
      const twin = await tx.query<{ stored: TStoredCommand }>(`SELECT (${STORED_COMMAND}) AS stored`, [
        row.id, input.commandId, input.sequence, input.action, JSON.stringify(input.payload),
      ]);
      if (twin.rows[0]?.stored) return replay(twin.rows[0].stored);
    }
    if (isExpired(row, at)) {
      await abandonRun(tx, row, "expired");
      expiredClosed = true;
      return null;
    }
    if (row.status !== "active") throw new AppError("run_not_active", `Run is ${row.status}`, { details: { status: row.status } });
    if (input.sequence !== row.sequence + 1) {
      throw new AppError("sequence_conflict", `Expected sequence ${row.sequence + 1}`, { details: { expected_sequence: row.sequence + 1 } });
    }
    const mechanic = getMechanic(row.mechanic);
    // A booster is played with the single-use token its purchase issued (checked before the
    // engine, spent only when the engine accepts the move, on this command's transaction).
    const tokenId = input.action === "booster" ? readEffectToken(input.payload.effect_token) : null;
    const tokenUse = { projectId: row.project_id, externalUserId: row.external_user_id, mechanic: row.mechanic, effect: input.payload.effect, runId: row.id, sequence: input.sequence, at };
    if (tokenId) await checkEffectToken(tx, tokenId, tokenUse);
    const result = mechanic.apply(row.state, { action: input.action, payload: input.payload });
    if (tokenId && result.accepted) await consumeEffectToken(tx, tokenId, tokenUse);
    const finished = result.accepted && result.finished;
    const status: TRunStatus = finished ? (result.outcome === "won" ? "won" : "lost") : "active";
    const endReason = !finished ? null : status === "won" ? "completed" : String(result.facts.find((f) => f.name === "game_lost")?.reason ?? "failed");
    let progression: TProgression | undefined;
    const events: TNewEvent[] = [];
    if (result.accepted) {
      for (const f of result.facts) {
        if (EVENT_FACTS.has(f.name)) {
          events.push({ projectId: row.project_id, externalUserId: row.external_user_id, type: `game.${f.name}`, source: "system", runId: row.id, sessionId: player.sessionId, payload: { ...f, mechanic: row.mechanic, level_number: row.level_number }, at });
        }
      }
    }
    const body: TCommandResponse = {
      run_id: row.id,
      sequence: input.sequence,
      accepted: result.accepted,
      ...(result.accepted ? {} : { rejection_code: result.rejection_code ?? "refused" }),
      status,
      view: result.view,
      animation_steps: result.animation_steps,
      facts: result.facts,
    };
    let plan: TProgressionPlan | undefined;
    if (finished) {
      const track = await publishedTrack(row.mechanic, tx);
      plan = planProgression({ run: row, outcome: status as "won" | "lost", score: result.score, levelsTotal: track.levels.length, at, before: row });
      progression = plan.progression;
      body.progression = progression;
    }
    // One statement for the command, the run, its progression and its events: fewer round trips under the row lock.
    const write = commandWrite({ row, input, body, state: result.state, score: result.score, clientVersion, at, endReason, finished });
    const values: unknown[] = [...write.lockedParams];
    const ctes: string[] = [];
    if (plan) {
      const p = plan.ctes(values.length);
      ctes.push(...p.ctes);
      values.push(...p.values);
    }
    if (events.length > 0) {
      await noteActivePlayers(tx, events);
      const e = eventsInsert(events, values.length);
      ctes.push(`game_events AS (${e.sql})`);
      values.push(...e.values);
    }
    // Prepared: a few texts in all (with or without the progression, by number of events).
    const written = tx.query(namedQuery("command_write_locked", write.locked(ctes), values));
    // A free-play project makes no claims (known from the locked read: no round trip to ask again).
    if (status === "won" && progression && row.game_mode !== "free_play") {
      // Claims come last in the command's transaction: they commit or roll back with it. Their
      // first round trip (the player's claim lock, the project and its campaigns, the fraud gate's
      // reads, the run's commands) goes out behind the write without waiting for it (the client
      // pipelines; the server runs them in order, so every claim statement sees this command); a
      // failed write fails the statements behind it, and this step.
      await Promise.all([written, createClaims(tx, { source: "run", projectId: row.project_id, externalUserId: row.external_user_id, run: { ...row, status }, progression, score: result.score, at }, {
        subjectType: player.subjectType,
        address: { network: row.client_ip_hash, address: row.client_addr_hash },
        clientIdempotencyKey: opts.clientIdempotencyKey?.slice(0, 255) ?? null,
        andCommit,
        reads: claimReads,
        run: {
          commands: () => runCommands(tx, row.id),
          facts: async (commands) => runFacts(commands, row.started_at, await verifyRunReplay(tx, row, commands, result.state, await ahead)),
        },
      })]);
    } else await andCommit(written); // nothing is decided after the write: its COMMIT goes with it
    return body;
  });
  if (expiredClosed || !response) throw new AppError("run_not_active", "Run expired", { details: { status: "abandoned", end_reason: "expired" } });
  latencyRecorder().record(mechanicId, input.action, performance.now() - started);
  return response;
}

/** replayAhead in the next tick (after the statements this turn sent have left); null if it fails. */
function replayAheadSoon(run: TCachedRun, moves: readonly TCachedMove[], input: TCommandInput): Promise<TReplayAhead | null> {
  return new Promise((resolve) => {
    process.nextTick(() => {
      try {
        resolve(replayAhead(run, moves, { action: input.action, payload: input.payload }));
      } catch {
        resolve(null); // the transaction replays
      }
    });
  });
}
