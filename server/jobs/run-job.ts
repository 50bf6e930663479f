import { recordJobResult, recordJobStart } from "@/server/jobs/job-health";
import { logger } from "@/server/logging/logger";
import { jobRuns } from "@/server/metrics/prometheus";
import type { TJobHandler } from "./handler";

/**
 * Runs one job invocation and records its health; rethrows so pg-boss retries failures. Its log
 * lines (the handler's, through `ctx.log`, and the failure's) name the job, the pg-boss job id and
 * the request that enqueued it (`request_id` in the payload, as the access log names the request).
 * What is rethrown is the failure's message and code only: pg-boss stores the error it gets in the
 * job's row (`output`), and a driver's error carries what it sent — ioredis's the command's
 * arguments, so an erasure's cleanup that failed kept the erased player's keys there in clear.
 */
export async function runJob(h: TJobHandler, rawPayload: unknown, workerId: string, jobId?: string): Promise<void> {
  const { job } = h;
  const requestId = typeof (rawPayload as { request_id?: unknown } | null)?.request_id === "string" ? (rawPayload as { request_id: string }).request_id : undefined;
  const log = logger().child({ job: job.name, ...(jobId ? { job_id: jobId } : {}), ...(requestId ? { request_id: requestId } : {}) });
  const started = performance.now();
  // Health is tracked for scheduled jobs, whose absence /v1/status must notice.
  const tracked = job.intervalSeconds !== undefined;
  if (tracked) await recordJobStart({ name: job.name, intervalSeconds: job.intervalSeconds! });
  try {
    const payload = job.payload.parse(rawPayload ?? {});
    await h.handle(payload, { workerId, log });
    if (tracked) await recordJobResult({ name: job.name, ok: true, durationMs: performance.now() - started });
    jobRuns.inc({ job: job.name, result: "ok" });
  } catch (e) {
    jobRuns.inc({ job: job.name, result: "failed" });
    const message = e instanceof Error ? e.message : String(e);
    log.error({ err: e }, "job failed");
    if (tracked) await recordJobResult({ name: job.name, ok: false, durationMs: performance.now() - started, error: message }).catch(() => {});
    const code = (e as { code?: unknown } | null)?.code;
    throw Object.assign(new Error(message), typeof code === "string" ? { code } : {});
  }
}
