import type { Redis } from "ioredis";
import { withTransaction, type TTx } from "@/server/db/tx";
import { writeAudit } from "@/server/domain/identity/audit/write-audit";
import { findOwnedProject } from "@/server/domain/identity/projects/find-owned-project";
import { eraseHotStorageJob } from "@/server/jobs/definitions";
import { enqueue } from "@/server/jobs/queue";
import { now } from "@/server/lib/clock";
import { encrypt } from "@/server/lib/crypto";
import { logger } from "@/server/logging/logger";
import { services } from "@/server/services/container";
import { anonymiseKeptRecords } from "./anonymise-records";
import { anonymousId, makeAnonymiser, playerDataLock, subjectHash } from "./anonymise";
import { cleanPlayerHotStorage } from "./hot-storage";
import { markErased } from "./session-erasure";

/**
 * Every table whose rows belong to one player, in delete order (children first, so each count is
 * the table's own). The whole-database scan in tests/integration/erasure.test.ts fails when a
 * table added later carries the id and is missing here (or from the anonymised records).
 *
 * The order also follows the order in which the player's own writes lock these rows, so an erasure
 * racing a write waits instead of deadlocking: a start and a locked command take the track progress
 * and then the run; a finishing move's write then takes the level's best and (through the A/B
 * trigger) the experiment_cohort rows; a session start's event takes experiment_cohort,
 * analytics_player_day and analytics_player (the rollup triggers), then the streak's
 * progress_snapshot row.
 */
const ERASED_TABLES: Array<{ table: string; sql: string }> = [
  { table: "player_progress", sql: "DELETE FROM player_progress WHERE project_id = $1 AND external_user_id = $2" },
  { table: "game_command", sql: "DELETE FROM game_command c USING game_run r WHERE c.run_id = r.id AND r.project_id = $1 AND r.external_user_id = $2" },
  { table: "level_result", sql: "DELETE FROM level_result WHERE project_id = $1 AND external_user_id = $2" },
  { table: "game_run", sql: "DELETE FROM game_run WHERE project_id = $1 AND external_user_id = $2" },
  // a start writes it after the run (the fraud gate's address rollup, migration 0017)
  { table: "address_player", sql: "DELETE FROM address_player WHERE project_id = $1 AND external_user_id = $2" },
  ...[
    "level_progress",
    // the A/B counters and the analytics rollups (migrations 0009, 0014): an erased player is no longer counted in the days to come
    "experiment_cohort", "analytics_player_day", "analytics_player",
    "progress_snapshot", "player_event", "player_event_key", "fraud_flag", "player_fraud_status",
    "player_balance", "ledger_entry", "economy_operation", "effect_token", "wheel_player",
  ].map((table) => ({ table, sql: `DELETE FROM ${table} WHERE project_id = $1 AND external_user_id = $2` })),
];

/** The tables an erasure deletes the player's rows from (the console names each in words). */
export const ERASED_TABLE_NAMES: readonly string[] = ERASED_TABLES.map((t) => t.table);

/** Delay before the durable job runs: the synchronous attempt after the commit goes first. */
const JOB_DELAY_MS = 30_000;

export type TErasureSummary = {
  status: "erased" | "cleanup_pending";
  subject_hash: string;
  tables: Record<string, number>;
  anonymised: Record<string, number>;
  erased_at: string;
};

/** The erasure's writes, on the caller's transaction: deletes, anonymisation, audit and the cleanup job. */
export async function erasePlayerRows(tx: TTx, opts: { accountId: string; projectId: string; externalUserId: string; requestId?: string }) {
  const at = now();
  const hash = subjectHash(opts.projectId, opts.externalUserId);
  // Two erasures of the same player queue behind each other; the second finds nothing left.
  await tx.query(playerDataLock(hash, "exclusive"));
  // Sessions issued until now are refused from the commit on (session-erasure.ts): the player's
  // old token cannot write the rows below back.
  await markErased(tx, { projectId: opts.projectId, hash, at });
  // The kept records first: a claim's status change (release, admin decision) locks the claim and
  // then, through the A/B trigger (migration 0014), the player's experiment_cohort rows; taking the
  // claims before deleting those rows keeps the same order, so the two never deadlock.
  const keep = { projectId: opts.projectId, externalUserId: opts.externalUserId, replacement: anonymousId(hash), anonymiser: makeAnonymiser(opts.externalUserId, anonymousId(hash)) };
  const anonymised = await anonymiseKeptRecords(tx, keep);
  const tables: Record<string, number> = {};
  for (const t of ERASED_TABLES) tables[t.table] = (await tx.query(t.sql, [opts.projectId, opts.externalUserId])).rowCount ?? 0;
  // A winning move in flight holds the player's progress and run, so the deletes above waited for
  // it — and it committed its claim, delivery, notification and audit entry after the first pass
  // had looked. A second pass, once the deletes no longer wait on anything of the player's, keeps
  // those under the hash too (a move starting now finds its run deleted, under this transaction's lock).
  const late = await anonymiseKeptRecords(tx, keep);
  for (const k of Object.keys(late) as Array<keyof typeof late>) anonymised[k] += late[k];
  // Counted last, so the row is held only briefly: a read replica that has not replayed this commit
  // shows a smaller count, and the project's heavy reads stay on the primary until it has (server/db/replica.ts).
  await tx.query(
    "INSERT INTO erasure_fence (project_id, erasures) VALUES ($1, 1) ON CONFLICT (project_id) DO UPDATE SET erasures = erasure_fence.erasures + 1",
    [opts.projectId],
  );
  const jobId = await enqueue(
    tx,
    eraseHotStorageJob,
    { project_id: opts.projectId, subject_hash: hash, sealed_subject: encrypt("erasure", opts.externalUserId), ...(opts.requestId ? { request_id: opts.requestId } : {}) },
    { startAfter: new Date(at.getTime() + JOB_DELAY_MS) },
  );
  await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "players.erased", targetType: "player", targetId: hash, metadata: { subject_hash: hash, tables, anonymised }, requestId: opts.requestId });
  return { hash, tables, anonymised, jobId, at };
}

/**
 * GDPR erasure of one player of a project: one transaction deletes their rows everywhere and
 * anonymises the records that must be kept (reward claims and their webhook deliveries, whose
 * status is untouched), then the hot storage is cleaned at once when Redis answers — otherwise the
 * summary says `cleanup_pending` and the durable job enqueued in the transaction retries.
 * `redisClient` (tests) names the Redis the synchronous attempt uses.
 */
export async function erasePlayerData(opts: { accountId: string; projectId: string; externalUserId: string; requestId?: string; redisClient?: Redis | null }): Promise<TErasureSummary> {
  await findOwnedProject(opts);
  const done = await withTransaction((tx) => erasePlayerRows(tx, opts));
  let status: TErasureSummary["status"] = "erased";
  try {
    await cleanPlayerHotStorage({ projectId: opts.projectId, externalUserId: opts.externalUserId, client: opts.redisClient });
    // Done already: the durable job (which carries the sealed id) is no longer needed.
    if (done.jobId) await services().queue.boss.deleteJob(eraseHotStorageJob.name, done.jobId).catch(() => {});
  } catch (e) {
    status = "cleanup_pending";
    logger().warn({ err: e, subject_hash: done.hash }, "erasure: hot storage unreachable, cleanup job will retry");
  }
  return { status, subject_hash: done.hash, tables: done.tables, anonymised: done.anonymised, erased_at: done.at.toISOString() };
}
