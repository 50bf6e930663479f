import { config, ConfigError } from "@/server/config/env";
import { migrate } from "@/server/db/migrate";
import { databaseUrl } from "@/server/db/url";
import { closeDb } from "@/server/db/client";
import { syncLevelTracks } from "@/server/domain/play/levels";

/** `npm run db:migrate`: applies pending SQL migrations to DATABASE_URL (or the embedded database). */
try {
  config();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(78);
  }
  throw e;
}
const result = await migrate(databaseUrl());
console.log(
  result.applied.length
    ? `Applied ${result.applied.length} migration(s): ${result.applied.join(", ")}`
    : `Database is up to date (${result.skipped} migration(s) already applied)`,
);
const levels = await syncLevelTracks();
console.log(levels.inserted ? `Published ${levels.inserted} level version(s)` : "Level tracks are up to date");
await closeDb();
