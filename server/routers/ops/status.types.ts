import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";

export const statusMeta: TMeta = {
  auth: "none",
  openapi: {
    method: "GET",
    path: "/v1/status",
    tags: ["Operational"],
    summary: "Engine status, game-run latency and job health",
    description:
      "`game_run_latency_ms` holds p50/p95/p99 (milliseconds, log-bucket precision ±7.5%) per mechanic and action " +
      "over the last 15 minutes, merged across all instances when Redis is configured. `metrics.jobs` reports each " +
      "background job as recorded by the worker: `late` when it missed two intervals, `failing` when its last run failed.",
    protect: false,
  },
};
const ZPercentiles = z.object({ count: z.number().int(), p50: z.number(), p95: z.number(), p99: z.number() });
export const ZStatusRequestSchema = z.object({}).optional();
export const ZStatusResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  server_time: z.string(),
  uptime_seconds: z.number().int(),
  mode: z.enum(["local", "deployment"]).describe("`local`: the embedded default `npm start` runs on one's own machine (bound to it; reward webhooks may go to receivers on this machine); `deployment`: anything else"),
  engine: z.object({ status: z.enum(["ok", "degraded"]), database: z.string(), cache: z.string() }),
  game_run_latency_ms: z.record(z.string(), z.record(z.string(), ZPercentiles)).describe("mechanic → action → percentiles"),
  metrics: z.object({
    jobs: z.array(
      z.object({
        name: z.string(),
        status: z.enum(["ok", "late", "failing", "never_ran"]),
        interval_seconds: z.number().int(),
        last_started_at: z.string().nullable(),
        last_succeeded_at: z.string().nullable(),
        last_failed_at: z.string().nullable(),
        last_duration_ms: z.number().int().nullable(),
        runs: z.number().int(),
        failures: z.number().int(),
      }),
    ),
  }),
});
