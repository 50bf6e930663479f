import { playerBlockedSql, sessionErasedSql } from "@/server/domain/identity";
import { prepareJson } from "@/server/lib/prepared-json";
import type { TCommandInput, TCommandResponse } from "./command-model";
import { runActivity, type TRunRow } from "./run-model";

/**
 * A command's SQL, shared by both ways of writing one (unlocked-command.ts, command-store.ts). Kept
 * apart from command-model.ts, which the decider imports: the session and block checks come from
 * identity, whose entry brings the database with it, and a decider loads no I/O.
 */

/**
 * A stored command with the same command_id: its response, and whether this request is the same
 * command (sequence, action and payload; jsonb equality ignores key order). Parameters: $1 run id,
 * $2 command_id, $3 sequence, $4 action, $5 payload.
 */
export const STORED_COMMAND = `SELECT jsonb_build_object('response', response::jsonb, 'same', sequence = $3 AND action = $4 AND payload = $5::jsonb)
  FROM game_command WHERE run_id = $1 AND command_id = $2`;

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
