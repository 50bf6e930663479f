import { spawn } from "node:child_process";
import pg from "pg";
import { startFakeOidc } from "../tests/helpers/fake-oidc";

/**
 * The server Playwright tests run against: the real `npm start` path on port 3100. With
 * DATABASE_URL set (CI) it runs on a fresh `playloop_e2e` database of that server; otherwise on an
 * embedded PostgreSQL in data/e2e-postgres.
 */
// Everything that could collide derives from the port, so two runs on different E2E_PORTs coexist.
const port = Number(process.env.E2E_PORT ?? "3100");
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  WORKER_PORT: String(port + 1),
  PUBLIC_BASE_URL: `http://localhost:${port}`,
  EMBEDDED_PG_DIR: `data/e2e-postgres-${port}`,
  EMBEDDED_PG_PORT: String(54349 + (port - 3100)),
  DEMO_ENDPOINTS: "true",
  ALLOW_SIGNUP: "true",
  // The tests' clients are on loopback; each new admin names its own address in X-Forwarded-For
  // (e2e/helpers/address.ts), so the suite's many sign-ups never meet the per-address limit.
  TRUSTED_PROXIES: "127.0.0.1, ::1",
  // Not "production": reward webhooks in the e2e tests go to a receiver on this machine, which only
  // WEBHOOK_ALLOW_PRIVATE_TARGETS allows, and production refuses that switch.
  NODE_ENV: "development",
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  // Invoices are paid through the local fake provider's checkout and its signed webhook.
  PAYMENT_PROVIDER: "fake",
  APP_SECRET: process.env.APP_SECRET ?? "e2e-secret-e2e-secret-e2e-secret-e2e",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
};

// Console sign-in through an OpenID Connect provider: a fake one on this machine, with a sign-in
// page that asks who signs in (e2e/sso.spec.ts).
const idp = await startFakeOidc({ port: port + 6 });
Object.assign(env, { ADMIN_SSO_ISSUER: idp.issuer, ADMIN_SSO_CLIENT_ID: idp.clientId, ADMIN_SSO_CLIENT_SECRET: idp.clientSecret, ADMIN_SSO_NAME: "Example SSO" });

if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const dbName = port === 3100 ? "playloop_e2e" : `playloop_e2e_${port}`;
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${dbName}`;
  env.DATABASE_URL = u.toString();
}

if (process.env.REDIS_URL) {
  // Its own Redis database, emptied first: rate limits (20 signups an hour per address, …) and
  // caches of earlier runs or of other suites on the same Redis never leak into this run.
  const { Redis } = await import("ioredis");
  const u = new URL(process.env.REDIS_URL);
  u.pathname = `/${10 + (Math.floor((port - 3100) / 100) % 5)}`; // 10-14 (the bench has 15)
  const r = new Redis(u.toString());
  await r.flushdb();
  r.disconnect();
  env.REDIS_URL = u.toString();
}

const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { stdio: "inherit", env });
for (const s of ["SIGINT", "SIGTERM"] as const) process.on(s, () => child.kill(s));
child.on("exit", (code) => void idp.close().finally(() => process.exit(code ?? 0)));
