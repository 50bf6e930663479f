import type { TBatch } from "@/server/db/batch";
import { namedQuery } from "@/server/db/statement-names";
import type { TTx } from "@/server/db/tx";
import { claimLock, noteActivePlayers } from "@/server/domain/money";
import { eventsInsert } from "@/server/domain/gameplay/events/record-event";
import type { TCommandInput, TStoredCommand } from "./command-model";
import { commandWrite, STORED_COMMAND } from "./command-sql";
import type { TCommandDecision, TLockedRun } from "./decide-command";
import { PROGRESSION_BEFORE_COLUMNS, PROGRESSION_BEFORE_JOINS } from "./progression";
import { RUN_COLUMNS_R } from "./run-model";

/**
 * The locked command path's SQL (the common move's unlocked statements are in unlocked-command.ts):
 * the locked read, the second look for a twin, and the one statement that writes a decided move.
 * Prepared by name, as every hot-path statement.
 */

/**
 * Sends the locked read of a run (not awaited): the run row locked, a stored twin of the command,
 * the player's track progress (locked, before the run: the order a start takes them in) and the
 * level's best, and the project's game mode. `undefined`: not this player's run. With
 * `claimLockFirst` (a verified player's move, which may claim) the player's claim lock is taken
 * before all of them, in the same round trip: the lock order of every claim decision.
 */
export function sendLockedRead(batch: TBatch, o: { runId: string; projectId: string; externalUserId: string; input: TCommandInput; claimLockFirst: boolean }): Promise<TLockedRun | undefined> {
  const { input } = o;
  if (o.claimLockFirst) batch.send(batch.tx.query(claimLock(o.projectId, o.externalUserId)));
  return batch.send(
    batch.tx
      .query<TLockedRun>({
        name: "command_read_locked",
        text: `SELECT ${RUN_COLUMNS_R}, (${STORED_COMMAND}) AS stored, ${PROGRESSION_BEFORE_COLUMNS},
              (SELECT game_mode FROM project WHERE id = r.project_id) AS game_mode
         FROM game_run r ${PROGRESSION_BEFORE_JOINS}
        WHERE r.id = $1 AND r.project_id = $6 AND r.external_user_id = $7 FOR UPDATE OF r`,
        values: [o.runId, input.commandId, input.sequence, input.action, JSON.stringify(input.payload), o.projectId, o.externalUserId],
      })
      .then((r) => r.rows[0]),
  );
}

/** A twin of the command committed since the locked read's snapshot (null: none). */
export async function readTwin(tx: TTx, runId: string, input: TCommandInput): Promise<TStoredCommand | null> {
  const { rows } = await tx.query<{ stored: TStoredCommand | null }>(`SELECT (${STORED_COMMAND}) AS stored`, [runId, input.commandId, input.sequence, input.action, JSON.stringify(input.payload)]);
  return rows[0]?.stored ?? null;
}

/**
 * Sends the decided move's one statement (`written`, not awaited): the command, the run, a finished run's
 * progression and the move's events, as CTEs of one write (prepared: a few texts in all, with or
 * without the progression, by number of events). The events' players are counted for billing on
 * the same transaction first.
 */
export async function sendCommandWrite(batch: TBatch, o: { run: TLockedRun; input: TCommandInput; decision: TCommandDecision; clientVersion: string | null; at: Date }): Promise<{ written: Promise<unknown> }> {
  const { run, decision: d } = o;
  const write = commandWrite({ row: run, input: o.input, body: d.body, state: d.result.state, score: d.result.score, clientVersion: o.clientVersion, at: o.at, endReason: d.endReason, finished: d.finished });
  const values: unknown[] = [...write.lockedParams];
  const ctes: string[] = [];
  if (d.progression) {
    const p = d.progression.ctes(values.length);
    ctes.push(...p.ctes);
    values.push(...p.values);
  }
  if (d.events.length > 0) {
    await noteActivePlayers(batch.tx, d.events);
    const e = eventsInsert(d.events, values.length);
    ctes.push(`game_events AS (${e.sql})`);
    values.push(...e.values);
  }
  return { written: batch.send(batch.tx.query(namedQuery("command_write_locked", write.locked(ctes), values))) };
}
