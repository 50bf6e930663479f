import type pg from "pg";
import { dbReads } from "@/server/metrics/prometheus";
import { services } from "@/server/services/container";
import { assertNoActiveTransaction } from "./tx";
import type { ReadReplica } from "./read-replica";
import { classifyReplicaError, decideReadTarget, type TReadReason } from "./read-target";

/** What a lag-tolerant read runs its statements on: the replica's pool, or the primary's. */
export type TReader = { query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult<R>> };

const FENCE = { name: "erasure_fence", text: "SELECT coalesce((SELECT erasures FROM erasure_fence WHERE project_id = $1), 0)::int AS n" };

function counted(reason: TReadReason): void {
  dbReads.inc({ target: reason === "replica" ? "replica" : "primary", reason });
}

/** A project's erasure count as the primary had it when its read was asked (laggedProjectReads). */
type TFence = { projectId: string; primaryErasures: number };

/**
 * Runs each statement on the replica; a replica that cannot answer hands the statement to the
 * primary. With a `fence` (a project's read), the statement runs inside a read-only REPEATABLE READ
 * transaction on one connection whose first statement reads the project's erasure count: the count
 * and the read share one snapshot of one server. When DATABASE_READ_URL is a balancer over several
 * replicas (a cloud provider's reader endpoint, a proxy), each connection may reach another one, and
 * a count asked on one connection says nothing of what the next connection's replica has replayed;
 * here a replica behind the primary's count hands that statement to the primary.
 */
function replicaReader(replica: ReadReplica, primary: pg.Pool, fence?: TFence): TReader {
  return {
    async query<R extends pg.QueryResultRow>(text: string | pg.QueryConfig, values?: unknown[]) {
      if (!replica.up) {
        counted("replica_down");
        return primary.query<R>(text, values);
      }
      try {
        const result = fence ? await fencedOnReplica<R>(replica, fence, text, values) : await replica.pool.query<R>(text, values);
        if (result === "behind") {
          counted("replica_behind_erasure");
          return primary.query<R>(text, values);
        }
        counted("replica");
        return result;
      } catch (e) {
        const kind = classifyReplicaError(e);
        if (kind === "fail") throw e;
        if (kind === "down") replica.markDown();
        counted(kind === "down" ? "replica_down" : "replica_conflict");
        return primary.query<R>(text, values);
      }
    },
  };
}

/** One statement on one replica connection, behind its erasure count (see replicaReader); `behind`: that replica has not replayed an erasure the primary counted. */
async function fencedOnReplica<R extends pg.QueryResultRow>(replica: ReadReplica, fence: TFence, text: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult<R> | "behind"> {
  const client = await replica.pool.connect();
  let failed = false;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const replicaErasures = (await client.query<{ n: number }>({ ...FENCE, values: [fence.projectId] })).rows[0]!.n;
    const behind = decideReadTarget({ replicaUp: true, primaryErasures: fence.primaryErasures, replicaErasures }).target === "primary";
    const result = behind ? ("behind" as const) : await client.query<R>(text, values);
    await client.query(behind ? "ROLLBACK" : "COMMIT");
    return result;
  } catch (e) {
    failed = true;
    throw e;
  } finally {
    // after a failure the connection's transaction is in an unknown state: it is not given back to the pool
    client.release(failed);
  }
}

/**
 * Statements for a read of one project that tolerates the replica's lag and must never show a
 * player erased there: analytics, the event log, its CSV export. The replica when one is configured,
 * up, and has replayed every erasure the primary committed in the project (decideReadTarget, asked
 * on the replica in the same transaction as each statement: replicaReader's fence); the primary
 * otherwise, and always for a read of one player's data (`namesPlayer`). Never inside a
 * transaction, never for a read that must see its own write. The primary's count is read when this
 * is asked: a read made of many statements over time (an export) asks again before each batch.
 */
export async function laggedProjectReads(projectId: string, opts: { namesPlayer?: boolean } = {}): Promise<TReader> {
  assertNoActiveTransaction("laggedProjectReads()");
  const { pool, readLane, replica } = services();
  if (!replica) return pool;
  if (opts.namesPlayer) {
    const { reason } = decideReadTarget({ replicaUp: replica.up, primaryErasures: 0, replicaErasures: 0, namesPlayer: true });
    return (counted(reason), pool);
  }
  if (!replica.up) return (counted("replica_down"), pool);
  const primaryErasures = (await readLane.query<{ n: number }>({ ...FENCE, values: [projectId] })).rows[0]!.n;
  return replicaReader(replica, pool, { projectId, primaryErasures });
}

/** Statements for an account-wide count that tolerates lag and names no player (billing usage): the replica when one is configured and up. */
export function laggedReads(): TReader {
  assertNoActiveTransaction("laggedReads()");
  const { pool, replica } = services();
  return replica ? replicaReader(replica, pool) : pool;
}
