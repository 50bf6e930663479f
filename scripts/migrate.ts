import { configOrExit } from "@/server/config/env";
import { prepareDatabase } from "@/server/db/prepare";
import { databaseUrl } from "@/server/db/url";

/** `npm run db:migrate`: applies pending SQL migrations to DATABASE_URL (or the embedded database). */
configOrExit();
const result = await prepareDatabase(databaseUrl());
console.log(
  result.applied.length
    ? `Applied ${result.applied.length} migration(s): ${result.applied.join(", ")}`
    : `Database is up to date (${result.skipped} migration(s) already applied)`,
);
console.log(result.levelsPublished ? `Published ${result.levelsPublished} level version(s)` : "Level tracks are up to date");
