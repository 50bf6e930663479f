import { db, type TDb } from "@/server/db/client";
import type { Prisma } from "@/server/db/client";
import { tracks } from "@/server/games/registry";
import type { TLevelDefinition, TMechanicId } from "@/server/games/types";
import { nowMs } from "@/server/lib/clock";

/**
 * Level tracks live in the database as published, versioned rows. The code's tracks are the
 * source: syncLevelTracks() (run by `npm run db:migrate`) inserts each (level_id, level_version)
 * once and retires older versions of a level when a new one appears. A run pins the level
 * version it started with, so publishing never changes a running run.
 */
export async function syncLevelTracks(client: TDb = db()): Promise<{ inserted: number }> {
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

/** The published track of a mechanic (cached a minute per process: levels change only on deploy). */
export async function publishedTrack(mechanic: string): Promise<TPublishedTrack> {
  const hit = cache.get(mechanic);
  if (hit && nowMs() - hit.at < CACHE_MS) return hit.track;
  const rows = await db().gameLevel.findMany({ where: { mechanic, published: true }, orderBy: { number: "asc" } });
  const track: TPublishedTrack = {
    mechanic,
    trackVersion: rows.reduce((v, r) => Math.max(v, r.trackVersion), 0),
    levels: rows.map((r) => ({ ...(r.definition as unknown as TLevelDefinition), id: r.levelId, version: r.levelVersion, number: r.number })),
  };
  cache.set(mechanic, { at: nowMs(), track });
  return track;
}

/** A level at an exact version (published or retired): how a run reads its pinned level. */
const versionCache = new Map<string, TLevelDefinition>();
export async function levelAtVersion(mechanic: string, levelId: string, version: number): Promise<TLevelDefinition> {
  const key = `${mechanic}|${levelId}|${version}`;
  const hit = versionCache.get(key);
  if (hit) return hit;
  const row = await db().gameLevel.findUniqueOrThrow({ where: { mechanic_levelId_levelVersion: { mechanic, levelId, levelVersion: version } } });
  const level = { ...(row.definition as unknown as TLevelDefinition), id: row.levelId, version: row.levelVersion, number: row.number };
  versionCache.set(key, level);
  return level;
}

export function isKnownMechanic(id: string): id is TMechanicId {
  return id in tracks;
}
