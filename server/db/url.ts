import { config } from "@/server/config/env";

import { EMBEDDED_DB_NAME, EMBEDDED_DB_PASSWORD, EMBEDDED_DB_USER } from "@/server/config/embedded-db";

export { EMBEDDED_DB_NAME, EMBEDDED_DB_PASSWORD, EMBEDDED_DB_USER };

/** DATABASE_URL, or the embedded PostgreSQL that `npm start` runs when it is unset. */
export function databaseUrl(): string {
  const c = config();
  return (
    c.databaseUrl ??
    `postgresql://${EMBEDDED_DB_USER}:${EMBEDDED_DB_PASSWORD}@127.0.0.1:${c.embeddedPg.port}/${EMBEDDED_DB_NAME}`
  );
}
