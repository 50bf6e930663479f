import { recordJobResult, recordJobStart } from "@/server/jobs/job-health";
import { logger } from "@/server/logging/logger";
import { jobRuns } from "@/server/metrics/prometheus";
import type { TJobHandler } from "./handler";

/** Runs one job invocation and records its health; rethrows so pg-boss retries failures. */
export async function runJob(h: TJobHandler, rawPayload: unknown, workerId: string): Promise<void> {
  const { job } = h;
  const started = performance.now();
  // Health is tracked for scheduled jobs, whose absence /v1/status must notice.
  const tracked = job.intervalSeconds !== undefined;
  if (tracked) await recordJobStart({ name: job.name, intervalSeconds: job.intervalSeconds! });
  try {
    const payload = job.payload.parse(rawPayload ?? {});
    await h.handle(payload, { workerId });
    if (tracked) await recordJobResult({ name: job.name, ok: true, durationMs: performance.now() - started });
    jobRuns.inc({ job: job.name, result: "ok" });
  } catch (e) {
    jobRuns.inc({ job: job.name, result: "failed" });
    const message = e instanceof Error ? e.message : String(e);
    logger().error({ job: job.name, err: e }, "job failed");
    if (tracked) await recordJobResult({ name: job.name, ok: false, durationMs: performance.now() - started, error: message }).catch(() => {});
    throw e;
  }
}
