import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { startCluster } from "./harness/postgres";
import { cleanStaleRuns, createRunDir, removeRunDir, stopRunKeepLogs } from "./harness/run-dir";
import { TEMPLATE_DB } from "./harness/stack";
import { freePort } from "./harness/wait";

/**
 * The fault suite's world, apart from the machine's shared PostgreSQL and Redis (which other
 * suites use and which these tests must never stop): a throwaway PostgreSQL cluster and one
 * migrated template database, made once with the project's own `npm run db:migrate`. Each test
 * file copies the template into a database of its own and starts its own Redis and processes.
 * The player client is built first, as for the integration tests.
 */
export default async function setup() {
  cleanStaleRuns();
  // The player client the instances serve (a mechanic is playable only when its chunk is built).
  const { buildPlay } = await import("@/scripts/build-play");
  await buildPlay();
  // The web and worker processes, compiled as `npm start` and `npm run web` run them.
  const { buildServer } = await import("@/scripts/build-server");
  await buildServer();
  const runDir = createRunDir();
  try {
    const pgDir = path.join(runDir, "pg");
    const cluster = await startCluster(pgDir, await freePort());
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    execFileSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "development", DATABASE_URL: cluster.url(TEMPLATE_DB), LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    Object.assign(process.env, {
      FAULT_RUN_DIR: runDir,
      FAULT_PG_DIR: pgDir,
      FAULT_PG_PORT: String(cluster.port),
      FAULT_APP_SECRET: randomBytes(32).toString("base64url"),
    });
  } catch (e) {
    removeRunDir(runDir);
    throw e;
  }
  return () => {
    if (process.env.FAULT_KEEP_LOGS !== "1") return removeRunDir(runDir);
    // Debugging: stop what runs, keep the processes' logs and PostgreSQL's.
    stopRunKeepLogs(runDir);
    console.log(`[fault] logs kept in ${runDir}`);
  };
}
