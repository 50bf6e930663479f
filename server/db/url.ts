import { config } from "@/server/config/env";

export const EMBEDDED_DB_NAME = "playloop";
export const EMBEDDED_DB_USER = "postgres";
// Only ever listens on 127.0.0.1 inside the checkout's data folder; not a production credential.
export const EMBEDDED_DB_PASSWORD = "playloop-local";

/** DATABASE_URL, or the embedded PostgreSQL that `npm start` runs when it is unset. */
export function databaseUrl(): string {
  const c = config();
  return (
    c.databaseUrl ??
    `postgresql://${EMBEDDED_DB_USER}:${EMBEDDED_DB_PASSWORD}@127.0.0.1:${c.embeddedPg.port}/${EMBEDDED_DB_NAME}`
  );
}
