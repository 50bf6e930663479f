import { listJobHealth, type TJobHealth } from "@/server/jobs/job-health";
import { latencyRecorder } from "@/server/metrics/latency";
import type { TPercentiles } from "@/server/metrics/histogram";
import { config } from "@/server/config/env";
import { now, wallMs } from "@/server/lib/clock";
import { appVersion } from "@/server/lib/version";
import { getReadiness } from "./get-readiness";

const startedAtMs = wallMs();

export type TStatus = {
  status: "ok" | "degraded";
  version: string;
  server_time: string;
  uptime_seconds: number;
  mode: "local" | "deployment";
  engine: { status: "ok" | "degraded"; database: string; cache: string };
  game_run_latency_ms: Record<string, Record<string, TPercentiles>>;
  metrics: { jobs: TJobHealth[] };
};

export async function getStatus(): Promise<TStatus> {
  const [readiness, latency, jobs] = await Promise.all([
    getReadiness(),
    latencyRecorder().snapshot().catch(() => ({})),
    listJobHealth().catch(() => [] as TJobHealth[]),
  ]);
  const degraded = !readiness.ready || jobs.some((j) => j.status === "failing" || j.status === "late");
  return {
    status: degraded ? "degraded" : "ok",
    version: appVersion(),
    server_time: now().toISOString(),
    uptime_seconds: Math.round((wallMs() - startedAtMs) / 1000),
    mode: config().localMode ? "local" : "deployment",
    engine: { status: readiness.ready ? "ok" : "degraded", database: readiness.checks.database, cache: readiness.checks.cache },
    game_run_latency_ms: latency,
    metrics: { jobs },
  };
}
