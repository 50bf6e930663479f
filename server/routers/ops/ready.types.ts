import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";

export const readyMeta: TMeta = {
  auth: "none",
  errors: ["service_unavailable"],
  openapi: {
    method: "GET",
    path: "/v1/ready",
    tags: ["Operational"],
    summary: "Readiness",
    description:
      "Checks the primary datastore (PostgreSQL) and, when REDIS_URL is configured, the cache store (Redis). " +
      "Answers 503 `service_unavailable` naming the failed dependency in `failed` (`database`, `cache`) and `checks`; " +
      "an instance that is shutting down answers 503 with `failed: [\"draining\"]` while it still serves requests for SHUTDOWN_DRAIN_MS, so a load balancer takes it out before it stops.",
    protect: false,
  },
};
export const ZReadyRequestSchema = z.object({}).optional();
export const ZReadyResponseSchema = z.object({
  status: z.literal("ready"),
  checks: z.object({
    database: z.enum(["ok", "failed"]).describe("PostgreSQL"),
    cache: z.enum(["ok", "failed", "in_process"]).describe("Redis, or `in_process` when REDIS_URL is unset"),
  }),
});
