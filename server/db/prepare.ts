import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";
import { migrate, type TMigrationResult } from "./migrate";
import { syncLevelTracks } from "@/server/domain/play/levels";

/**
 * Everything a database needs before the service uses it: SQL migrations, then the level tracks
 * published from code. One call for `npm run db:migrate`, `npm start`, tests and benchmarks.
 */
export async function prepareDatabase(url: string): Promise<TMigrationResult & { levelsPublished: number }> {
  const result = await migrate(url);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  try {
    const { inserted } = await syncLevelTracks(prisma);
    return { ...result, levelsPublished: inserted };
  } finally {
    await prisma.$disconnect();
    await pool.end();
  }
}
