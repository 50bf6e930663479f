import { Redis } from "ioredis";
import { redisErrors } from "@/server/metrics/prometheus";

/**
 * The shared Redis client, or null when REDIS_URL is unset (single-process development, where
 * in-process stores take its place). Commands fail fast while Redis is unreachable instead of
 * queueing, so limiters can fail closed and readiness can report the outage.
 */
export function createRedis(url: string): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    lazyConnect: false,
    // Commands issued in the same tick (concurrent requests' rate limits, the latency histograms'
    // flush) leave in one write: under load that is one socket write for many requests.
    enableAutoPipelining: true,
  });
  // Connection errors are reported by readiness and by the operations that need Redis, and counted
  // for the operator (playloop_redis_errors_total).
  client.on("error", () => redisErrors.inc());
  return client;
}

/**
 * Waits up to `ms` for a client that is still connecting (right after start-up); resolves at
 * once when ready and rejects when Redis is down, so callers fail closed instead of hanging.
 */
export function whenRedisReady(client: Redis, ms = 1_000): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off("ready", onReady);
      reject(new Error("redis not ready"));
    }, ms);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once("ready", onReady);
  });
}

/** Resolves when Redis answers a PING within `ms`. */
export async function pingRedis(client: Redis, ms = 1_000): Promise<void> {
  await whenRedisReady(client, ms);
  await Promise.race([
    client.ping(),
    new Promise((_, reject) => setTimeout(() => reject(new Error("redis ping timeout")), ms).unref()),
  ]);
}
