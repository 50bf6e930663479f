import { playerBlockedSql, sessionErasedSql } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { jsonbBytesOver } from "@/server/lib/jsonb-size";
import { prepareJson } from "@/server/lib/prepared-json";
import type { TFact } from "@/games/types";
import type { TProgression } from "./progression";
import { runActivity, type TRunRow, type TRunStatus } from "./run-model";

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

/**
 * A stored command with the same command_id: its response, and whether this request is the same
 * command (sequence, action and payload; jsonb equality ignores key order). Parameters: $1 run id,
 * $2 command_id, $3 sequence, $4 action, $5 payload.
 */
export const STORED_COMMAND = `SELECT jsonb_build_object('response', response::jsonb, 'same', sequence = $3 AND action = $4 AND payload = $5::jsonb)
  FROM game_command WHERE run_id = $1 AND command_id = $2`;
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
  /** The session's erasure check for the unlocked write: its subject hash and issue time (session-erasure.ts). */
  session?: readonly [hash: string, issuedAt: Date];
};

const COMMAND_INSERT = `INSERT INTO game_command (run_id, sequence, command_id, action, payload, accepted, rejection_code, response, client_version, created_at)`;
const RUN_SET = `sequence = $2, state = $11::jsonb, score = $12, status = $13, end_reason = $14,
       last_activity_at = $17, expires_at = $15, ended_at = $16, client_version = COALESCE($9, client_version)`;

/** The unlocked write's text (see commandWrite): built once, on first use (after every module it names has loaded). */
let unlockedWrite: string | undefined;
const unlockedWriteText = () => (unlockedWrite ??= `WITH r AS (UPDATE game_run SET ${RUN_SET} WHERE id = $1 AND sequence = $18 AND status = 'active'
        AND NOT EXISTS (SELECT 1 FROM game_command WHERE run_id = $1 AND command_id = $3)
        AND NOT ${sessionErasedSql("game_run.project_id", "$19", "$20")}
        AND NOT ${playerBlockedSql("game_run.project_id", "game_run.external_user_id", "$10")} RETURNING id),
      c AS (${COMMAND_INSERT} SELECT $1, $2, $3, $4, $5::jsonb, $6, $7, $8::text, $9, $10 FROM r)
     SELECT count(*)::int AS moved FROM r`);

/**
 * The command row and the run's new state, as one statement either way: `locked` under the run's
 * row lock ($1–$17, `lockedParams`); `unlocked` on its own, applying only while the run is still
 * active at the sequence the command was computed from ($18), the command_id is new to the run and
 * the player's session was not erased (its subject hash $19 and issue time $20, from `session`)
 * nor the player blocked: such a move goes the locked way, which refuses it; answering how many runs
 * it moved (0 or 1) with `unlockedParams`. The run's activity time and expiry move only once
 * a minute (runActivity): in between, a move's update leaves every indexed column as it is.
 * The response's JSON, made here for the row, is kept for the HTTP body (prepareJson): `body`
 * must not change after this.
 */
export function commandWrite(w: TWriteInput) {
  const activity = runActivity(w.row, w.at);
  const payloadJson = JSON.stringify(w.input.payload);
  const params = [
    w.row.id, w.input.sequence, w.input.commandId, w.input.action, payloadJson, w.body.accepted, w.body.rejection_code ?? null,
    prepareJson(w.body), w.clientVersion, w.at, JSON.stringify(w.state), w.score, w.body.status, w.endReason,
    activity.expires_at, w.finished ? w.at : null, activity.last_activity_at, w.row.sequence,
  ];
  return {
    /** With `ctes` (numbered from $18: progression, events) written in the same statement. */
    locked: (ctes: string[] = []) => `WITH c AS (${COMMAND_INSERT} VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10))${ctes.map((c) => `, ${c}`).join("")}
             UPDATE game_run SET ${RUN_SET} WHERE id = $1`,
    lockedParams: params.slice(0, 17),
    unlockedParams: [...params, w.session?.[0] ?? null, w.session?.[1] ?? null],
    unlocked: unlockedWriteText(),
    params,
    /** The run's activity time and expiry as this write leaves them. */
    activity,
    /** The command's payload as the JSON text it is stored from. */
    payloadJson,
  };
}
