import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";
import { migrate, type TMigrationResult } from "./migrate";
import { syncLevelTracks } from "@/server/domain/gameplay";
import { backfillActivePlayers } from "@/server/domain/money";
import { installJobQueues } from "@/server/jobs/queue";

/**
 * Everything a database needs before the service uses it: SQL migrations, the level tracks
 * published from code, and the job queues (pg-boss's schema and one queue per job definition).
 * One call for `npm run db:migrate`, `npm start`, tests and benchmarks.
 */
export async function prepareDatabase(url: string): Promise<TMigrationResult & { levelsPublished: number }> {
  const result = await migrate(url);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  try {
    const { inserted } = await syncLevelTracks(prisma);
    // A data migration that needs the service's key (a keyed hash): done once, when its table is made.
    if (result.applied.includes("0025_billing_active_player")) await backfillActivePlayers(pool, new Date());
    await installJobQueues(url);
    return { ...result, levelsPublished: inserted };
  } finally {
    await prisma.$disconnect();
    await pool.end();
  }
}
