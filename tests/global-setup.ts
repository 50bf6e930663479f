import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import pg from "pg";
import { prepareDatabase } from "@/server/db/prepare";

/**
 * Integration tests run against the real PostgreSQL and Redis when DATABASE_URL / REDIS_URL are
 * set (CI), and against an embedded PostgreSQL and in-process stores when they are not. Either
 * way the run gets a fresh database; each test file seeds its own tenants, so files run in
 * parallel without shared fixtures.
 *
 * PLAYLOOP_TEST_SCRATCH (set by tests/runner/exit-status.test.ts for a run inside the run) puts the
 * embedded PostgreSQL and the response records in a folder of their own, on a free port, and skips
 * the client build, so the nested run touches nothing of the outer one.
 */
export default async function setup() {
  (process.env as Record<string, string>).NODE_ENV = "test";
  process.env.APP_SECRET ??= randomBytes(32).toString("base64url");
  process.env.LOG_LEVEL ??= "silent";
  process.env.PUBLIC_BASE_URL ??= "http://localhost:3000";
  process.env.ALLOW_SIGNUP ??= "true";
  process.env.DEMO_ENDPOINTS ??= "true";
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ??= "true";
  // Tests present a distinct client address per tenant through X-Forwarded-For, so per-address
  // limits do not couple parallel test files; this also exercises the trusted-proxy path.
  process.env.TRUSTED_PROXIES ??= "127.0.0.1,::1";
  // Which procedures' responses the strict response check saw (server/http/response-check.ts);
  // `npm test` checks after vitest that every /v1 procedure is among them.
  const scratch = process.env.PLAYLOOP_TEST_SCRATCH;
  const recordDir = scratch ? join(scratch, "response-check") : resolve(".response-check");
  rmSync(recordDir, { recursive: true, force: true });
  mkdirSync(recordDir, { recursive: true });
  process.env.RESPONSE_CHECK_RECORD = recordDir;

  let stopEmbedded: (() => Promise<void>) | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const { startEmbeddedPostgres } = await import("@/scripts/embedded-pg");
    const port = scratch ? await freePort() : 54339;
    const pgServer = await startEmbeddedPostgres({ dir: scratch ? join(scratch, "postgres") : "data/test-postgres", port });
    stopEmbedded = pgServer.stop;
    adminUrl = `postgresql://postgres:playloop-local@127.0.0.1:${port}/postgres`;
  }
  const dbName = `playloop_test_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  // The run's database does not wait for each COMMIT's WAL flush: commits are just as atomic,
  // isolated and visible in order; only a crash of PostgreSQL could lose the last ones, and no test
  // here crashes it (the fault suite, which restarts PostgreSQL in immediate mode, runs on its own
  // cluster and keeps synchronous commits).
  // Tests that commit thousands of times in a row wait less (the wheel's budget race, 10 000 spins
  // whose transactions queue on one budget row: 53 → 47 s here).
  await admin.query(`ALTER DATABASE ${dbName} SET synchronous_commit = off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  process.env.DATABASE_URL = url.toString();
  process.env.PLAYLOOP_TEST_ADMIN_DATABASE_URL = adminUrl;
  await prepareDatabase(process.env.DATABASE_URL);
  // The player client (loader, shell, game chunks) that the static routes serve.
  if (!scratch) {
    const { buildPlay } = await import("@/scripts/build-play");
    await buildPlay();
  }

  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await c.end();
    if (stopEmbedded) await stopEmbedded();
  };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}
