import { playerBlockedSql, playerDataLockSql, sessionErasedSql } from "@/server/domain/identity";
import { eventsInsert, type TNewEvent } from "@/server/domain/gameplay/events/record-event";
import { prepareJson } from "@/server/lib/prepared-json";
import type { TCommandInput, TCommandResponse } from "./command-model";
import type { TProgressionPlan } from "./progression";
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

/** The unlocked write's compare-and-set on the run, with `gates` (SQL conditions) of its own; `r` answers the run's id when it applies. */
const unlockedRun = (gates = "") => `r AS (UPDATE game_run SET ${RUN_SET} WHERE id = $1 AND sequence = $18 AND status = 'active'${gates}
        AND NOT EXISTS (SELECT 1 FROM game_command WHERE run_id = $1 AND command_id = $3)
        AND NOT ${sessionErasedSql("game_run.project_id", "$19", "$20")}
        AND NOT ${playerBlockedSql("game_run.project_id", "game_run.external_user_id", "$10")} RETURNING id),
      c AS (${COMMAND_INSERT} SELECT $1, $2, $3, $4, $5::jsonb, $6, $7, $8::text, $9, $10 FROM r)`;

/** The unlocked write's text (see commandWrite): built once, on first use (after every module it names has loaded). */
let unlockedWrite: string | undefined;
const unlockedWriteText = () => (unlockedWrite ??= `WITH ${unlockedRun()}
     SELECT count(*)::int AS moved FROM r`);

/**
 * The unlocked write of a move with effects — a finishing move's progression, events — in one
 * statement that takes its locks in the order of every player write: the player's data lock
 * (shared, as guardPlayerWrite takes it: an erasure in progress is waited for), then, for a
 * finishing move, the player's track progress — and only while it is as this run's start left it
 * (the run is still its last, and nothing wrote it since, so `progression` was computed from what
 * is there) — then the run with the unlocked write's compare-and-set, and, gated on that, the
 * command, the progression's writes and the events. A win applies only while the project is in
 * free play (its wins make no claims). Parameters: commandWrite's unlockedParams, then, with a
 * progression, from $21 the project, player, mechanic and the run's start (its track progress's
 * expected update time), then the progression's and the events' own. Answers how many runs it moved (0 or 1).
 *
 * What keeps an erasure erased here is that it deletes the player's progress and runs: the
 * statement's snapshot is taken before it waits for the data lock, so its erased-session check
 * cannot see an erasure that commits during that wait, but `pl` and `r` re-check their rows once
 * the lock is granted and find them gone (play-unlocked-finish.test.ts, "an erasure in progress").
 * An erasure that kept the rows (anonymised them) would need the check after the wait. Waits here
 * (an erasure, a start holding the progress row) hold up the lane connection's other statements,
 * up to the lane's statement timeout, after which the move goes the locked way.
 */
export function unlockedEffectsWrite(w: { unlockedParams: unknown[] }, o: { run: TRunRow; progression: TProgressionPlan | null; events: TNewEvent[]; win: boolean }) {
  const values: unknown[] = [...w.unlockedParams];
  const ctes: string[] = [];
  let progress = "";
  if (o.progression) {
    values.push(o.run.project_id, o.run.external_user_id, o.run.mechanic, o.run.started_at);
    progress = `,
      pl AS MATERIALIZED (SELECT 1 FROM player_progress WHERE project_id = $21 AND external_user_id = $22 AND mechanic = $23
        AND last_run_id = $1 AND updated_at = $24 AND EXISTS (SELECT 1 FROM lk) FOR UPDATE)`;
    const p = o.progression.ctes(values.length, "r");
    ctes.push(...p.ctes);
    values.push(...p.values);
  }
  if (o.events.length > 0) {
    const e = eventsInsert(o.events, values.length, "r");
    ctes.push(`game_events AS (${e.sql})`);
    values.push(...e.values);
  }
  const gates = `
        AND EXISTS (SELECT 1 FROM ${o.progression ? "pl" : "lk"})${o.win ? `
        AND (SELECT game_mode FROM project WHERE id = game_run.project_id) = 'free_play'` : ""}`;
  const text = `WITH lk AS MATERIALIZED (SELECT ${playerDataLockSql("$19", "shared")})${progress},
      ${unlockedRun(gates)}${ctes.map((c) => `,
      ${c}`).join("")}
     SELECT count(*)::int AS moved FROM r`;
  return { text, values };
}

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
