import { recordJobResult, recordJobStart } from "@/server/domain/jobs/job-health";
import { logger } from "@/server/logging/logger";
import type { TJobDefinition } from "./types";

/** Runs one job invocation and records its health; rethrows so pg-boss retries failures. */
export async function runJob(def: TJobDefinition, rawPayload: unknown, workerId: string): Promise<void> {
  const started = performance.now();
  await recordJobStart({ name: def.name, intervalSeconds: def.intervalSeconds });
  try {
    const payload = def.payload.parse(rawPayload ?? {});
    await def.handler(payload, { workerId });
    await recordJobResult({ name: def.name, ok: true, durationMs: performance.now() - started });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    logger().error({ job: def.name, err: e }, "job failed");
    await recordJobResult({ name: def.name, ok: false, durationMs: performance.now() - started, error: message }).catch(() => {});
    throw e;
  }
}
