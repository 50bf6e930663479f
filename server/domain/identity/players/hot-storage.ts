import type { Redis } from "ioredis";
import { playerLimitKey } from "@/server/rate-limit/gate";
import { PLAYER_KEYED_POLICIES, RATE_POLICIES } from "@/server/rate-limit/policies";
import { rateLimiter } from "@/server/rate-limit/limiter";
import { redis, whenRedisReady } from "@/server/stores/redis";

/**
 * Hot storage that can be found by player: the rate-limit counters keyed `<project>:<player>`
 * (Redis keys `rl:<policy>:<window>:<project>:<player>` of every policy counted `per: "player"`, see server/rate-limit/policies.ts) and this
 * process's in-memory player caches and leased blocks of those counters (the play context's run cache registers itself when loaded:
 * a process that never loaded it holds nothing to forget). Session tokens, the verified-token cache and idempotency keys are not
 * enumerable by player and expire by their own time-to-live. erasure-hot-storage.test.ts plays every
 * route with a player-counted limit and checks the keys go.
 */

type TPlayerCache = { dropPlayer(projectId: string, externalUserId: string): void };
const playerCaches = new Set<TPlayerCache>();

/** Names an in-memory cache that holds players' data, so that erasure empties it too. */
export function registerPlayerCache(cache: TPlayerCache): void {
  playerCaches.add(cache);
}

export function playerRedisKeys(projectId: string, externalUserId: string): string[] {
  return PLAYER_KEYED_POLICIES.flatMap((name) => RATE_POLICIES[name].windows.map((_w, i) => `rl:${name}:${i}:${playerLimitKey(projectId, externalUserId)}`));
}

/**
 * Deletes the player's hot keys. Resolves with the number of Redis keys removed; rejects when Redis
 * is configured but unreachable (the caller reports `cleanup_pending` and the durable job retries).
 * Without Redis (single-process development) the in-memory limiter forgets the keys instead.
 * `client` lets a caller (or a test) name the Redis to use; `undefined` means this process's one.
 */
export async function cleanPlayerHotStorage(opts: { projectId: string; externalUserId: string; client?: Redis | null }): Promise<number> {
  for (const cache of playerCaches) cache.dropPlayer(opts.projectId, opts.externalUserId);
  const client = opts.client === undefined ? redis() : opts.client;
  const key = playerLimitKey(opts.projectId, opts.externalUserId);
  if (!client) {
    await Promise.all(PLAYER_KEYED_POLICIES.map((name) => rateLimiter().reset(name, key)));
    return 0;
  }
  // this process's leased blocks of those counters (rate-limit/leases.ts) go with them; another
  // instance's end with their window (at most a minute), and its requests ask Redis again
  if (client === redis()) for (const name of PLAYER_KEYED_POLICIES) rateLimiter().forgetLocal(name, key);
  await whenRedisReady(client, 1_000);
  return client.del(...playerRedisKeys(opts.projectId, opts.externalUserId));
}
