import type { TTx } from "@/server/db/tx";
import { withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import type { TPlayerSession } from "@/server/domain/identity";
import { guardPlayerWrite } from "@/server/domain/identity";

/** Flags are de-duplicated in a 60-second sliding window per project, player and kind. */
const FLAG_DEDUP_SECONDS = 60;

/**
 * Raises a fraud flag unless the same kind was flagged for the player within the window. The
 * check and insert run under a transaction-scoped advisory lock on (project, player, kind), so
 * concurrent over-limit requests store one flag.
 */
export async function raiseFraudFlag(opts: {
  projectId: string;
  externalUserId: string;
  kind: string;
  details?: Record<string, unknown>;
  tx?: TTx;
  /** A flag raised by a player's own request, outside a write of theirs: taken as a player write (refused for an erased session). */
  session?: TPlayerSession;
}): Promise<boolean> {
  const run = async (tx: TTx) => {
    if (opts.session) await guardPlayerWrite(tx, opts.session);
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`fraud:${opts.projectId}:${opts.externalUserId}:${opts.kind}`]);
    const at = now();
    const res = await tx.query(
      `INSERT INTO fraud_flag (project_id, external_user_id, kind, details, created_at)
       SELECT $1::uuid, $2, $3, $4::jsonb, $5
        WHERE NOT EXISTS (SELECT 1 FROM fraud_flag WHERE project_id = $1::uuid AND external_user_id = $2 AND kind = $3 AND created_at > $5::timestamptz - make_interval(secs => $6))`,
      [opts.projectId, opts.externalUserId, opts.kind, JSON.stringify(opts.details ?? {}), at, FLAG_DEDUP_SECONDS],
    );
    return (res.rowCount ?? 0) > 0;
  };
  return opts.tx ? run(opts.tx) : withTransaction(run);
}
