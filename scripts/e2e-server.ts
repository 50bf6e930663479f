import { spawn } from "node:child_process";
import pg from "pg";

/**
 * The server Playwright tests run against: the real `npm start` path on port 3100. With
 * DATABASE_URL set (CI) it runs on a fresh `playloop_e2e` database of that server; otherwise on an
 * embedded PostgreSQL in data/e2e-postgres.
 */
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? "3100",
  WORKER_PORT: "3101",
  PUBLIC_BASE_URL: `http://localhost:${process.env.E2E_PORT ?? "3100"}`,
  EMBEDDED_PG_DIR: "data/e2e-postgres",
  EMBEDDED_PG_PORT: "54349",
  DEMO_ENDPOINTS: "true",
  ALLOW_SIGNUP: "true",
  NODE_ENV: "production",
  APP_SECRET: process.env.APP_SECRET ?? "e2e-secret-e2e-secret-e2e-secret-e2e",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
};

if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query("DROP DATABASE IF EXISTS playloop_e2e WITH (FORCE)");
  await admin.query("CREATE DATABASE playloop_e2e");
  await admin.end();
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = "/playloop_e2e";
  env.DATABASE_URL = u.toString();
}

const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { stdio: "inherit", env });
for (const s of ["SIGINT", "SIGTERM"] as const) process.on(s, () => child.kill(s));
child.on("exit", (code) => process.exit(code ?? 0));
