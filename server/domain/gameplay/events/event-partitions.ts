import type pg from "pg";
import { pool } from "@/server/db/client";
import { withTransaction } from "@/server/db/tx";
import { config } from "@/server/config/env";
import { now } from "@/server/lib/clock";
import { decidePartitions, partitionMonth } from "./decide-partitions";

/** Months ahead of the current one that always have their partition. */
const AHEAD_MONTHS = 3;
/**
 * Dropping a partition takes an ACCESS EXCLUSIVE lock on player_event for an instant, and
 * creating one (attaching it) such a lock on the default partition; while either waits for its
 * lock, the statements behind it queue. It waits this long at most, then gives way and tries again
 * (a long analytics read holds the table).
 */
const LOCK_TIMEOUT_MS = 200;
const LOCK_ATTEMPTS = 10;
/** Expired idempotency keys and stray default-partition rows are deleted this many at a time. */
const DELETE_BATCH = 10_000;

export type TPartitionMaintenance = { created: string[]; dropped: string[]; cutoff: string; keysDeleted: number; strayDeleted: number; lockRetries: number };

async function monthPartitions(): Promise<string[]> {
  const { rows } = await pool().query<{ name: string }>(
    "SELECT c.relname::text AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'player_event'::regclass",
  );
  return rows.map((r) => r.name).filter((n) => partitionMonth(n) !== null);
}

/**
 * A statement that needs a strong lock on player_event or a partition, in a transaction of its own
 * with a short lock_timeout: when someone holds the table, it gives way (55P03 lock_not_available),
 * lets the statements queued behind it through, and tries again, `attempts` times in all.
 */
async function underBriefLock<R extends pg.QueryResultRow>(sql: string, values: unknown[], attempts: number, onRetry: () => void): Promise<pg.QueryResult<R>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withTransaction(async (tx) => {
        await tx.query(`SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}`);
        return tx.query<R>(sql, values);
      });
    } catch (e) {
      if ((e as { code?: string }).code !== "55P03" || attempt >= attempts) throw e;
      onRetry();
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

async function deleteInBatches(sql: string, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const n = (await pool().query(sql, [cutoff, DELETE_BATCH])).rowCount ?? 0;
    total += n;
    if (n < DELETE_BATCH) return total;
  }
}

/**
 * The events.partitions job: creates the months ahead, drops the months whose every event is past
 * EVENT_RETENTION_MONTHS (the rollups analytics read are other tables and stay), deletes expired
 * rows that sit outside the month partitions (the default partition) and the idempotency keys of
 * the same age (player_event_key: kept as long as their events, longer than any client retries).
 * Idempotent: a run that finds nothing to do does nothing; one cut short is finished by the next.
 */
export async function maintainEventPartitions(opts: { retentionMonths?: number; lockAttempts?: number } = {}): Promise<TPartitionMaintenance> {
  const plan = decidePartitions({ existing: await monthPartitions(), now: now(), retentionMonths: opts.retentionMonths ?? config().eventRetentionMonths, aheadMonths: AHEAD_MONTHS });
  let lockRetries = 0;
  const briefly = <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => underBriefLock<R>(sql, values, opts.lockAttempts ?? LOCK_ATTEMPTS, () => lockRetries++);
  const created: string[] = [];
  for (const month of plan.create) {
    const { rows } = await briefly<{ created: boolean }>("SELECT player_event_ensure_month($1::date) AS created", [month.toISOString().slice(0, 10)]);
    if (rows[0]!.created) created.push(month.toISOString().slice(0, 7));
  }
  const dropped: string[] = [];
  for (const name of plan.drop) {
    // `name` is one of the partitions listed above and matched /^player_event_\d{4}_\d{2}$/.
    await briefly(`DROP TABLE IF EXISTS ${name}`);
    dropped.push(name);
  }
  const strayDeleted = await deleteInBatches("DELETE FROM player_event_default WHERE ctid IN (SELECT ctid FROM player_event_default WHERE created_at < $1 LIMIT $2)", plan.cutoff);
  const keysDeleted = await deleteInBatches(
    "DELETE FROM player_event_key WHERE (project_id, source, idempotency_key) IN (SELECT project_id, source, idempotency_key FROM player_event_key WHERE created_at < $1 LIMIT $2)",
    plan.cutoff,
  );
  return { created, dropped, cutoff: plan.cutoff.toISOString(), keysDeleted, strayDeleted, lockRetries };
}
