import type { Redis } from "ioredis";
import { pool } from "@/server/db/client";
import { pingRedis, redis } from "@/server/stores/redis";

export type TReadiness = {
  ready: boolean;
  checks: { database: "ok" | "failed"; cache: "ok" | "failed" | "in_process" };
  failed: string[];
};

/** Readiness of the primary datastore and, when configured, the cache store (Redis). */
export async function getReadiness(opts: { redisClient?: Redis | null } = {}): Promise<TReadiness> {
  const client = opts.redisClient === undefined ? redis() : opts.redisClient;
  const [database, cache] = await Promise.all([
    withTimeout(pool().query("SELECT 1"), 2_000).then(() => "ok" as const, () => "failed" as const),
    client ? pingRedis(client).then(() => "ok" as const, () => "failed" as const) : Promise.resolve("in_process" as const),
  ]);
  const failed = [...(database === "failed" ? ["database"] : []), ...(cache === "failed" ? ["cache"] : [])];
  return { ready: failed.length === 0, checks: { database, cache }, failed };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms).unref())]);
}
