import { db } from "@/server/db/client";
import { now } from "@/server/lib/clock";

/** Registered background jobs and how often they are expected to run. */
export type TJobHealth = {
  name: string;
  status: "ok" | "late" | "failing" | "never_ran";
  interval_seconds: number;
  last_started_at: string | null;
  last_succeeded_at: string | null;
  last_failed_at: string | null;
  last_duration_ms: number | null;
  runs: number;
  failures: number;
};

export async function recordJobStart(opts: { name: string; intervalSeconds: number }): Promise<void> {
  const client = db();
  const at = now();
  await client.jobHealth.upsert({
    where: { name: opts.name },
    create: { name: opts.name, intervalSeconds: opts.intervalSeconds, lastStartedAt: at, updatedAt: at },
    update: { intervalSeconds: opts.intervalSeconds, lastStartedAt: at, updatedAt: at },
  });
}

export async function recordJobResult(opts: { name: string; ok: boolean; durationMs: number; error?: string }): Promise<void> {
  const client = db();
  const at = now();
  await client.jobHealth.update({
    where: { name: opts.name },
    data: opts.ok
      ? { lastSucceededAt: at, lastDurationMs: Math.round(opts.durationMs), runs: { increment: 1 }, updatedAt: at }
      : {
          lastFailedAt: at,
          lastError: (opts.error ?? "failed").slice(0, 500),
          lastDurationMs: Math.round(opts.durationMs),
          runs: { increment: 1 },
          failures: { increment: 1 },
          updatedAt: at,
        },
  });
}

/** Job health for /v1/status: `late` when a job missed two of its intervals. */
export async function listJobHealth(): Promise<TJobHealth[]> {
  const rows = await db().jobHealth.findMany({ orderBy: { name: "asc" } });
  const t = now().getTime();
  return rows.map((r) => {
    const lastOk = r.lastSucceededAt?.getTime() ?? null;
    const lastFail = r.lastFailedAt?.getTime() ?? null;
    let status: TJobHealth["status"] = "ok";
    if (lastOk === null && lastFail === null) status = "never_ran";
    else if (lastFail !== null && (lastOk === null || lastFail > lastOk)) status = "failing";
    else if (lastOk !== null && t - lastOk > 2 * r.intervalSeconds * 1000 + 30_000) status = "late";
    return {
      name: r.name,
      status,
      interval_seconds: r.intervalSeconds,
      last_started_at: r.lastStartedAt?.toISOString() ?? null,
      last_succeeded_at: r.lastSucceededAt?.toISOString() ?? null,
      last_failed_at: r.lastFailedAt?.toISOString() ?? null,
      last_duration_ms: r.lastDurationMs,
      runs: r.runs,
      failures: r.failures,
    };
  });
}
