import { withTransaction } from "@/server/db/tx";
import { now } from "@/server/lib/clock";

const STALE_MS = 10 * 60_000;

/** Upserts this worker's row and forgets workers silent for 10 minutes. */
export async function recordWorkerHeartbeat(opts: { id: string; hostname: string; pid: number }): Promise<void> {
  const at = now();
  await withTransaction(async (tx) => {
    await tx.query(
      `INSERT INTO worker_instance (id, hostname, pid, started_at, heartbeat_at) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = EXCLUDED.heartbeat_at`,
      [opts.id, opts.hostname, opts.pid, at],
    );
    await tx.query("DELETE FROM worker_instance WHERE heartbeat_at < $1", [new Date(at.getTime() - STALE_MS)]);
  });
}

