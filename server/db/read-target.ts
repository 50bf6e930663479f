/**
 * Where a read that tolerates lag goes when a streaming replica is configured (DATABASE_READ_URL):
 * pure rules, used by server/db/replica.ts. Such reads are the heavy ones of the console —
 * analytics, the event log and its CSV export, billing usage; everything else reads the primary.
 */

export type TReadTarget = "replica" | "primary";
/**
 * Why a read went where it went (the `reason` of `playloop_db_reads_total`): `replica` — served by
 * it; `replica_down` — it failed to answer lately (retried after a pause); `replica_behind_erasure` —
 * it has not yet replayed an erasure the primary committed in the project; `replica_conflict` —
 * it cancelled the statement (a conflict with recovery), so the primary answers this one;
 * `names_player` — the read is of one player's data (the event log filtered by a player, its export).
 */
export type TReadReason = "replica" | "replica_down" | "replica_behind_erasure" | "replica_conflict" | "names_player";

/**
 * A project-scoped read may use the replica only when it is up and has replayed every erasure of
 * the project the primary has committed: each erasure's transaction counts itself in
 * `erasure_fence` (migration 0033), so the replica's copy of the count is behind exactly while that
 * commit is not yet replayed there. The count is read on both sides just before the read; replay
 * only moves forward, so what the replica shows afterwards includes the erasure too.
 */
export function decideReadTarget(f: { replicaUp: boolean; primaryErasures: number; replicaErasures: number | null; namesPlayer?: boolean }): { target: TReadTarget; reason: TReadReason } {
  // One player's data is read where it is current: an export made for a person's access request
  // must hold their latest events, and a lagging replica could miss them.
  if (f.namesPlayer) return { target: "primary", reason: "names_player" };
  if (!f.replicaUp || f.replicaErasures === null) return { target: "primary", reason: "replica_down" };
  if (f.replicaErasures < f.primaryErasures) return { target: "primary", reason: "replica_behind_erasure" };
  return { target: "replica", reason: "replica" };
}

/**
 * What a failed read on the replica means: `down` — the replica cannot serve now (no connection, a
 * connection cut, shutting down, starting, out of connections): retry on the primary and leave the
 * replica alone for a pause; `conflict` — it cancelled this statement to replay WAL (SQLSTATE 40001
 * on a standby): retry this one on the primary; `fail` — the statement's own error, which the
 * primary would answer the same way.
 */
export function classifyReplicaError(e: unknown): "down" | "conflict" | "fail" {
  const code = typeof e === "object" && e !== null && "code" in e ? String((e as { code: unknown }).code) : "";
  if (code === "40001") return "conflict";
  // Class 08: connection exceptions; 57P01–57P03: admin shutdown, crash shutdown, cannot connect now; 53300: too many connections.
  if (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300") return "down";
  // No SQLSTATE: a socket error (ECONNREFUSED, ECONNRESET) or the client's own "Connection terminated", or a connect timeout.
  if (!/^[0-9A-Z]{5}$/.test(code)) return "down";
  return "fail";
}
