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
 *
 * With several instances the in-memory part is every instance's: an erasure is announced on Redis
 * (PLAYER_ERASED_CHANNEL) and every web and worker process listens (listenForPlayerErasures, wired
 * by setupServices) and forgets the player too. A process that misses the message (its subscriber
 * reconnecting at that moment) still lets the player go by itself: leased blocks when their window
 * ends (at most a minute), cached runs when the run expires (about half an hour after its last move).
 */

type TPlayerCache = { dropPlayer(projectId: string, externalUserId: string): void };
const playerCaches = new Set<TPlayerCache>();

/** Names an in-memory cache that holds players' data, so that erasure empties it too. */
export function registerPlayerCache(cache: TPlayerCache): void {
  playerCaches.add(cache);
}

/** The Redis channel on which an erasure tells every instance to forget a player's in-memory data. */
export const PLAYER_ERASED_CHANNEL = "playloop:player-erased";

/** This process forgets a player: its in-memory caches and its leased blocks of the player's counters. */
function forgetPlayerLocally(projectId: string, externalUserId: string): void {
  for (const cache of playerCaches) cache.dropPlayer(projectId, externalUserId);
  const key = playerLimitKey(projectId, externalUserId);
  for (const name of PLAYER_KEYED_POLICIES) rateLimiter().forgetLocal(name, key);
}

/**
 * Listens for erasures announced by any instance (this one included) and forgets each player here.
 * On its own connection (a subscribed Redis connection can do nothing else), subscribed whenever it
 * becomes ready, so a Redis that is down at start-up or restarts later is subscribed to again.
 * Never waits for Redis: `subscribed` says when the first subscription took (tests); `stop` closes it.
 */
export function listenForPlayerErasures(client: Redis): { subscribed: Promise<void>; stop(): Promise<void> } {
  const sub = client.duplicate();
  sub.on("error", () => undefined); // it reconnects on its own; the shared client's errors are counted
  sub.on("message", (channel: string, message: string) => {
    if (channel !== PLAYER_ERASED_CHANNEL) return;
    try {
      const m = JSON.parse(message) as { project_id?: unknown; external_user_id?: unknown };
      if (typeof m.project_id === "string" && typeof m.external_user_id === "string") forgetPlayerLocally(m.project_id, m.external_user_id);
    } catch {
      /* not an announcement of ours */
    }
  });
  let took!: () => void;
  const subscribed = new Promise<void>((resolve) => (took = resolve));
  const subscribe = () => void sub.subscribe(PLAYER_ERASED_CHANNEL).then(() => took(), () => undefined);
  sub.on("ready", subscribe);
  if (sub.status === "ready") subscribe();
  return {
    subscribed,
    async stop() {
      sub.off("ready", subscribe);
      await sub.quit().catch(() => sub.disconnect());
    },
  };
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
  // this process's caches and leased blocks (rate-limit/leases.ts) go at once; with Redis, every
  // other instance's when the announcement below reaches it
  forgetPlayerLocally(opts.projectId, opts.externalUserId);
  const client = opts.client === undefined ? redis() : opts.client;
  if (!client) {
    const key = playerLimitKey(opts.projectId, opts.externalUserId);
    await Promise.all(PLAYER_KEYED_POLICIES.map((name) => rateLimiter().reset(name, key)));
    return 0;
  }
  await whenRedisReady(client, 1_000);
  const removed = await client.del(...playerRedisKeys(opts.projectId, opts.externalUserId));
  await client.publish(PLAYER_ERASED_CHANNEL, JSON.stringify({ project_id: opts.projectId, external_user_id: opts.externalUserId }));
  return removed;
}
