import { Redis } from "ioredis";
import { config } from "@/server/config/env";

/**
 * The shared Redis client, or null when REDIS_URL is unset (single-process development, where
 * in-process stores take its place). Commands fail fast while Redis is unreachable instead of
 * queueing, so limiters can fail closed and readiness can report the outage.
 */
const REDIS_KEY = Symbol.for("playloop.redis");
type TGlobal = typeof globalThis & { [REDIS_KEY]?: Redis | null };

export function createRedis(url: string): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    lazyConnect: false,
  });
  // Connection errors are reported by readiness and by the operations that need Redis.
  client.on("error", () => {});
  return client;
}

export function redis(): Redis | null {
  const g = globalThis as TGlobal;
  if (g[REDIS_KEY] === undefined) {
    const url = config().redisUrl;
    g[REDIS_KEY] = url ? createRedis(url) : null;
  }
  return g[REDIS_KEY];
}

export async function closeRedis(): Promise<void> {
  const g = globalThis as TGlobal;
  const client = g[REDIS_KEY];
  g[REDIS_KEY] = undefined;
  if (client) client.disconnect();
}

/** Resolves when the client is connected, or rejects after `ms`. */
export async function pingRedis(client: Redis, ms = 1_000): Promise<void> {
  const connected =
    client.status === "ready"
      ? Promise.resolve()
      : new Promise<void>((resolve) => client.once("ready", () => resolve()));
  await Promise.race([
    connected.then(() => client.ping()),
    new Promise((_, reject) => setTimeout(() => reject(new Error("redis ping timeout")), ms)),
  ]);
}
