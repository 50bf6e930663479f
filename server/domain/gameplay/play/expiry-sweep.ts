import { withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";
import { abandonRuns } from "./close-run";
import type { TRunRow } from "./run-model";

const SWEEP_BATCH = 500;

/**
 * Closes active runs past expiry as abandoned/expired, in batches of 500, each batch in its own
 * transaction with SKIP LOCKED so a sweep never waits on (or fights) a run being played.
 */
export async function sweepExpiredRuns(opts: { maxBatches?: number } = {}): Promise<{ closed: number; batches: number }> {
  let closed = 0;
  let batches = 0;
  for (;;) {
    const n = await withTransaction(async (tx) => {
      const rows = (
        await tx.query<Pick<TRunRow, "id" | "project_id" | "external_user_id" | "mechanic" | "level_number">>(
          `SELECT id, project_id, external_user_id, mechanic, level_number FROM game_run
            WHERE status = 'active' AND expires_at <= $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [now(), SWEEP_BATCH],
        )
      ).rows;
      await abandonRuns(tx, rows, "expired");
      return rows.length;
    });
    closed += n;
    batches++;
    if (n < SWEEP_BATCH || (opts.maxBatches !== undefined && batches >= opts.maxBatches)) break;
  }
  return { closed, batches };
}
