import type { TPlayerSession } from "@/server/domain/players/player-token";
import { recordEvents, type TNewEvent } from "@/server/domain/events/record-event";
import { AppError } from "@/server/errors/app-error";
import { getMechanic } from "@/server/games/registry";
import type { TFact } from "@/server/games/types";
import { pool } from "@/server/db/client";
import { withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { rateLimiter } from "@/server/rate-limit/limiter";
import { runFacts } from "@/server/domain/fraud/signals";
import { checkEffectToken, consumeEffectToken, readEffectToken } from "@/server/domain/economy/effect-token";
import { createClaims } from "@/server/domain/rewards/create-claims";
import { runCommands, verifyRunReplay } from "@/server/domain/rewards/verify-run";
import { latencyRecorder } from "@/server/metrics/latency";
import { abandonRun } from "./close-run";
import { jsonbBytes } from "@/server/lib/jsonb-size";
import { publishedTrack } from "./levels";
import { applyProgression, type TProgression } from "./progression";
import { isExpired, RUN_COLUMNS, RUN_IDLE_TTL_MS, type TRunRow, type TRunStatus } from "./run-model";

export const MAX_ENVELOPE_BYTES = 8192;
/** Commands a run may store (accepted and refused): no level needs a tenth of it; a script does. */
export const MAX_COMMANDS_PER_RUN = 1000;
const CLIENT_VERSION = /^(r[0-9a-f]{12}|legacy-v1)$/;
/** Facts that become `game.<fact>` events (the others are animation detail). */
const EVENT_FACTS = new Set(["game_won", "game_lost", "goal_completed"]);

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

/**
 * A stored command with the same command_id: its response, and whether this request is the same
 * command (sequence, action and payload; jsonb equality ignores key order). Parameters: $1 run id,
 * $2 command_id, $3 sequence, $4 action, $5 payload.
 */
const STORED_COMMAND = `SELECT jsonb_build_object('response', response, 'same', sequence = $3 AND action = $4 AND payload = $5::jsonb)
  FROM game_command WHERE run_id = $1 AND command_id = $2`;
type TStoredCommand = { response: TCommandResponse; same: boolean };

/** An exact replay gets the stored response; the same command_id with another body is a conflict. */
function replay(stored: TStoredCommand): TCommandResponse {
  if (!stored.same) {
    throw new AppError("idempotency_conflict", "command_id was already used for a different command (sequence, action or payload differ)", {
      details: { stored_sequence: stored.response.sequence },
    });
  }
  return stored.response;
}

/** Size of the stored envelope, checked before anything else (fraud gate, locks, writes). */
export function assertEnvelopeSize(input: TCommandInput): void {
  const bytes = jsonbBytes({ command_id: input.commandId, sequence: input.sequence, action: input.action, payload: input.payload });
  if (bytes > MAX_ENVELOPE_BYTES) {
    throw new AppError("validation_error", `Command envelope is ${bytes} bytes; at most ${MAX_ENVELOPE_BYTES} (jsonb text)`, { details: { envelope_bytes: bytes } });
  }
}

type TWriteInput = {
  row: TRunRow;
  input: TCommandInput;
  body: TCommandResponse;
  state: unknown;
  score: number;
  clientVersion: string | null;
  at: Date;
  endReason: string | null;
  finished: boolean;
};

const COMMAND_INSERT = `INSERT INTO game_command (run_id, sequence, command_id, action, payload, accepted, rejection_code, response, client_version, created_at)`;
const RUN_SET = `sequence = $2, state = $11::jsonb, score = $12, status = $13, end_reason = $14,
       last_activity_at = $10, expires_at = $15, ended_at = $16, client_version = COALESCE($9, client_version)`;

/**
 * The command row and the run's new state, as one statement either way: `locked` under the run's
 * row lock; `unlocked` on its own, applying only while the run is still active at the sequence the
 * command was computed from ($17), and answering how many runs it moved (0 or 1).
 */
function commandWrite(w: TWriteInput) {
  return {
    locked: `WITH c AS (${COMMAND_INSERT} VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9, $10))
             UPDATE game_run SET ${RUN_SET} WHERE id = $1`,
    unlocked: `WITH r AS (UPDATE game_run SET ${RUN_SET} WHERE id = $1 AND sequence = $17 AND status = 'active' RETURNING id),
                    c AS (${COMMAND_INSERT} SELECT $1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb, $9, $10 FROM r)
               SELECT count(*)::int AS moved FROM r`,
    params: [
      w.row.id, w.input.sequence, w.input.commandId, w.input.action, JSON.stringify(w.input.payload), w.body.accepted, w.body.rejection_code ?? null,
      JSON.stringify(w.body), w.clientVersion, w.at, JSON.stringify(w.state), w.score, w.body.status, w.endReason,
      new Date(w.at.getTime() + RUN_IDLE_TTL_MS), w.finished ? w.at : null, w.row.sequence,
    ],
  };
}

/**
 * The common move, without a transaction: read the run (and a stored twin) without a lock, apply
 * the engine, and write the command and the run in one statement that applies only if nobody moved
 * the run meanwhile (a compare-and-set on its sequence). Two round trips instead of four. Anything
 * else — a move that ends the run or raises events, a booster, a closed, expired or out-of-sequence
 * run, or a lost race — answers null and goes the locked way, which decides it exactly as before.
 * A stored twin is answered here too: stored commands never change.
 */
async function readRunUnlocked(player: TPlayerSession, runId: string, input: TCommandInput) {
  if (input.action === "booster") return null;
  const row = (
    await pool().query<TRunRow & { stored: TStoredCommand | null }>({
      name: "command_read_run",
      text: `SELECT ${RUN_COLUMNS}, (${STORED_COMMAND}) AS stored FROM game_run WHERE id = $1 AND project_id = $6 AND external_user_id = $7`,
      values: [runId, input.commandId, input.sequence, input.action, JSON.stringify(input.payload), player.projectId, player.externalUserId],
    })
  ).rows[0];
  if (!row) throw new AppError("not_found", "Run not found");
  return row;
}

async function tryUnlockedCommand(row: (TRunRow & { stored: TStoredCommand | null }) | null, input: TCommandInput, clientVersion: string | null): Promise<{ response: TCommandResponse; mechanic: string } | null> {
  if (!row) return null;
  if (row.stored) return { response: replay(row.stored), mechanic: row.mechanic };
  const at = now();
  if (row.status !== "active" || input.sequence !== row.sequence + 1 || isExpired(row, at)) return null;
  const result = getMechanic(row.mechanic).apply(row.state, { action: input.action, payload: input.payload });
  if (result.accepted && (result.finished || result.facts.some((f) => EVENT_FACTS.has(f.name)))) return null;
  const body: TCommandResponse = {
    run_id: row.id,
    sequence: input.sequence,
    accepted: result.accepted,
    ...(result.accepted ? {} : { rejection_code: result.rejection_code ?? "refused" }),
    status: "active",
    view: result.view,
    animation_steps: result.animation_steps,
    facts: result.facts,
  };
  const write = commandWrite({ row, input, body, state: result.state, score: result.score, clientVersion, at, endReason: null, finished: false });
  const moved = (await pool().query<{ moved: number }>({ name: "command_write_unlocked", text: write.unlocked, values: write.params })).rows[0]?.moved ?? 0;
  return moved === 1 ? { response: body, mechanic: row.mechanic } : null;
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
  // The rate limit and the unlocked read of the run go out together (two round trips in parallel,
  // not in a row); nothing is written before the limit has answered.
  const [, unlockedRow] = await Promise.all([rateLimiter().enforce("gameCommand", `${player.projectId}:${player.externalUserId}`), readRunUnlocked(player, opts.runId, input)]);
  // Diagnostic only: an invalid value is dropped, never part of the result.
  const clientVersion = opts.clientVersion && CLIENT_VERSION.test(opts.clientVersion) ? opts.clientVersion : null;

  let expiredClosed = false;
  let mechanicId = "unknown";
  const fast = await tryUnlockedCommand(unlockedRow, input, clientVersion);
  if (fast) {
    latencyRecorder().record(fast.mechanic, input.action, performance.now() - started);
    return fast.response;
  }
  const response = await withTransaction(async (tx) => {
    const row = (
      await tx.query<TRunRow & { stored: TStoredCommand | null }>(
        `SELECT ${RUN_COLUMNS}, (${STORED_COMMAND}) AS stored
           FROM game_run WHERE id = $1 AND project_id = $6 AND external_user_id = $7 FOR UPDATE`,
        [opts.runId, input.commandId, input.sequence, input.action, JSON.stringify(input.payload), player.projectId, player.externalUserId],
      )
    ).rows[0];
    if (!row) throw new AppError("not_found", "Run not found");
    mechanicId = row.mechanic;
    if (row.stored) return replay(row.stored);
    const at = now();
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
    if (finished) {
      const track = await publishedTrack(row.mechanic);
      progression = await applyProgression(tx, { run: row, outcome: status as "won" | "lost", score: result.score, levelsTotal: track.levels.length, at });
      body.progression = progression;
    }
    // One statement for the command and the run: fewer round trips under the row lock.
    const write = commandWrite({ row, input, body, state: result.state, score: result.score, clientVersion, at, endReason, finished });
    await tx.query(write.locked, write.params.slice(0, 16));
    await recordEvents(tx, events);
    if (status === "won" && progression) {
      // Claims come last in the command's transaction: they commit or roll back with it, and the
      // campaign locks they take are held only for their own statements and the commit.
      await createClaims(tx, { source: "run", projectId: row.project_id, externalUserId: row.external_user_id, run: { ...row, status }, progression, score: result.score, at }, {
        subjectType: player.subjectType,
        clientIpHash: row.client_ip_hash,
        clientIdempotencyKey: opts.clientIdempotencyKey?.slice(0, 255) ?? null,
        runFacts: async () => {
          const commands = await runCommands(tx, row.id);
          return runFacts(commands, row.started_at, await verifyRunReplay(tx, row, commands, result.state));
        },
      });
    }
    return body;
  });
  if (expiredClosed || !response) throw new AppError("run_not_active", "Run expired", { details: { status: "abandoned", end_reason: "expired" } });
  latencyRecorder().record(mechanicId, input.action, performance.now() - started);
  return response;
}
