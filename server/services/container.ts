import type pg from "pg";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { TAccessLog } from "@/server/logging/access-line";
import type { TConfig } from "@/server/config/env";
import type { PrismaClient } from "@/server/db/generated/prisma/client";
import type { TJobQueue } from "@/server/jobs/job-queue";
import type { LatencyRecorder } from "@/server/metrics/latency-recorder";
import type { RateLimiter } from "@/server/rate-limit/rate-limiter";
import type { Lane } from "@/server/db/lane";
import type { ReadReplica } from "@/server/db/read-replica";

export type TRole = "web" | "worker" | "script" | "test" | "bench";
export type TClientStatus = "ready" | "disabled" | "not_built" | "unsupported_version";

/**
 * Everything a process is wired with, built once by `setupServices()` (server/services/setup.ts),
 * the one composition root that web, worker, scripts and tests call. Modules read what they need
 * through small accessors (`db()`, `pool()`, `redis()`, `rateLimiter()`, `logger()`, …) that look
 * here; nothing is created on import.
 */
export type TServices = {
  role: TRole;
  config: TConfig;
  pool: pg.Pool;
  prisma: PrismaClient;
  /** A few shared pipelined connections for the hot path's short standalone reads. */
  readLane: Lane;
  writeLane: Lane;
  /** The streaming replica for lag-tolerant heavy reads (DATABASE_READ_URL), or null (server/db/replica.ts). */
  replica: ReadReplica | null;
  redis: Redis | null;
  limiter: RateLimiter;
  logger: Logger;
  accessLogger: TAccessLog;
  latency: LatencyRecorder;
  /** Sends background jobs, inside the caller's transaction. */
  queue: TJobQueue;
  /** What the play capability knows that the catalogue and projects ask about. */
  probes: {
    clientStatus(templateId: string): TClientStatus;
    activePlayers24h(projectId: string, mechanic: string | null): Promise<number>;
  };
  close(): Promise<void>;
};

let current: TServices | null = null;

export function services(): TServices {
  if (!current) throw new Error("Services are not set up: the process entry point must call setupServices() first");
  return current;
}

export function hasServices(): boolean {
  return current !== null;
}

export function installServices(s: TServices | null): void {
  current = s;
}

/** Tests only: swap one wired service (for example a limiter whose Redis is down); returns a restore function. */
export function replaceService<K extends keyof TServices>(key: K, value: TServices[K]): () => void {
  const s = services();
  const previous = s[key];
  s[key] = value;
  return () => {
    s[key] = previous;
  };
}
