import { pool, type TDb } from "@/server/db/client";
import { assertNoActiveTransaction, outsideTransaction, type TTx } from "@/server/db/tx";
import type { Prisma } from "@/server/db/client";
import { tracks } from "@/games/registry";
import type { TLevelDefinition } from "@/games/types";
import { wallMs } from "@/server/lib/clock";

/**
 * Level tracks live in the database as published, versioned rows. The code's tracks are the
 * source: syncLevelTracks() (run by `npm run db:migrate`) inserts each (level_id, level_version)
 * once and retires older versions of a level when a new one appears. A run pins the level
 * version it started with, so publishing never changes a running run.
 */
export async function syncLevelTracks(client: TDb): Promise<{ inserted: number }> {
  let inserted = 0;
  for (const track of Object.values(tracks)) {
    for (const level of track.levels) {
      const created = await client.gameLevel.createMany({
        data: [
          {
            mechanic: track.mechanic,
            levelId: level.id,
            levelVersion: level.version,
            trackVersion: track.trackVersion,
            number: level.number,
            title: level.title,
            definition: level as unknown as Prisma.InputJsonValue,
            published: true,
          },
        ],
        skipDuplicates: true,
      });
      inserted += created.count;
      await client.gameLevel.updateMany({
        where: { mechanic: track.mechanic, levelId: level.id, levelVersion: { lt: level.version }, published: true },
        data: { published: false },
      });
    }
  }
  return { inserted };
}

export type TPublishedTrack = {
  mechanic: string;
  trackVersion: number;
  levels: TLevelDefinition[]; // ordered by number
};

const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; track: TPublishedTrack }>();
const loading = new Map<string, Promise<TPublishedTrack>>();

type TLevelRow = { level_id: string; level_version: number; number: number; track_version: number; definition: TLevelDefinition };

async function loadTrack(tx: TTx, mechanic: string): Promise<TPublishedTrack> {
  const { rows } = await tx.query<TLevelRow>(
    "SELECT level_id, level_version, number, track_version, definition FROM game_level WHERE mechanic = $1 AND published ORDER BY number",
    [mechanic],
  );
  const track: TPublishedTrack = {
    mechanic,
    trackVersion: rows.reduce((v, r) => Math.max(v, r.track_version), 0),
    levels: rows.map((r) => ({ ...r.definition, id: r.level_id, version: r.level_version, number: r.number })),
  };
  cache.set(mechanic, { at: wallMs(), track });
  return track;
}

/** One pool read per mechanic at a time, outside any caller's transaction; concurrent misses share it. */
function refresh(mechanic: string): Promise<TPublishedTrack> {
  let p = loading.get(mechanic);
  if (!p) {
    p = outsideTransaction(() => loadTrack(pool(), mechanic)).finally(() => loading.delete(mechanic));
    loading.set(mechanic, p);
  }
  return p;
}

/**
 * The published track of a mechanic. Levels change only on deploy, so it is cached per process:
 * a stale entry (older than a minute) is served while one background read refreshes it. A caller
 * inside a transaction passes its handle: a miss then reads on that transaction's connection —
 * never a second pooled connection while the caller holds row locks (the transaction guard fails
 * the tests of a caller that forgets).
 */
export async function publishedTrack(mechanic: string, tx?: TTx): Promise<TPublishedTrack> {
  const hit = cache.get(mechanic);
  if (hit) {
    if (wallMs() - hit.at >= CACHE_MS) void refresh(mechanic).catch(() => undefined);
    return hit.track;
  }
  if (tx) return loadTrack(tx, mechanic);
  assertNoActiveTransaction("publishedTrack() without the transaction's handle");
  return refresh(mechanic);
}

/** The published track as this process has it cached (stale or not), without waiting: null on a miss. */
export function cachedTrack(mechanic: string): TPublishedTrack | null {
  return cache.get(mechanic)?.track ?? null;
}

/** Loads every published track into the cache (setup calls it, so requests rarely miss). */
export async function warmTracks(mechanics: readonly string[]): Promise<void> {
  await Promise.all(mechanics.map((m) => refresh(m)));
}

/** Tests only: drop the cached tracks, so the next read misses. */
export function forgetTracks(): void {
  cache.clear();
}
