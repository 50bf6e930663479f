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

/** Runs on the replica; a replica that cannot answer hands the statement to the primary. */
function replicaReader(replica: ReadReplica, primary: pg.Pool): TReader {
  return {
    async query<R extends pg.QueryResultRow>(text: string | pg.QueryConfig, values?: unknown[]) {
      if (!replica.up) {
        counted("replica_down");
        return primary.query<R>(text, values);
      }
      try {
        const result = await replica.pool.query<R>(text, values);
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

/**
 * Statements for a read of one project that tolerates the replica's lag and must never show a
 * player erased there: analytics, the event log, its CSV export. The replica when one is configured,
 * up, and has replayed every erasure the primary committed in the project (decideReadTarget);
 * the primary otherwise, and always for a read of one player's data (`namesPlayer`). Never inside a
 * transaction, never for a read that must see its own write. The answer holds for the moment it is
 * asked: a read made of many statements over time (an export) asks again before each.
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
  const [primaryErasures, replicaErasures] = await Promise.all([
    readLane.query<{ n: number }>({ ...FENCE, values: [projectId] }).then((r) => r.rows[0]!.n),
    replica.pool.query<{ n: number }>({ ...FENCE, values: [projectId] }).then(
      (r) => r.rows[0]!.n,
      (e: unknown) => {
        if (classifyReplicaError(e) === "down") replica.markDown();
        return null;
      },
    ),
  ]);
  const { target, reason } = decideReadTarget({ replicaUp: replica.up, primaryErasures, replicaErasures });
  if (target === "primary") return (counted(reason), pool);
  return replicaReader(replica, pool);
}

/** Statements for an account-wide count that tolerates lag and names no player (billing usage): the replica when one is configured and up. */
export function laggedReads(): TReader {
  assertNoActiveTransaction("laggedReads()");
  const { pool, replica } = services();
  return replica ? replicaReader(replica, pool) : pool;
}
