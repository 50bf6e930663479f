import { db } from "@/server/db/client";
import { now } from "@/server/lib/clock";

const STALE_MS = 10 * 60_000;

/** Upserts this worker's row and forgets workers silent for 10 minutes. */
export async function recordWorkerHeartbeat(opts: { id: string; hostname: string; pid: number }): Promise<void> {
  const at = now();
  await db().$transaction([
    db().workerInstance.upsert({
      where: { id: opts.id },
      create: { id: opts.id, hostname: opts.hostname, pid: opts.pid, startedAt: at, heartbeatAt: at },
      update: { heartbeatAt: at },
    }),
    db().workerInstance.deleteMany({ where: { heartbeatAt: { lt: new Date(at.getTime() - STALE_MS) } } }),
  ]);
}

