import os from "node:os";
import pg from "pg";
import { migrate } from "@/server/db/migrate";
import { load, row, startProcess } from "./lib";

/**
 * `npm run bench`: measures the service against the real PostgreSQL and Redis, and a yardstick in
 * the same run. Load comes from this process; servers run in their own processes. Scenarios:
 *   health — GET /v1/health through the façade vs a bare node:http server answering the same JSON.
 * Set BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 50).
 */
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const baseDb = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

const admin = new pg.Client({ connectionString: baseDb });
await admin.connect();
await admin.query("DROP DATABASE IF EXISTS playloop_bench WITH (FORCE)");
await admin.query("CREATE DATABASE playloop_bench");
await admin.end();
const u = new URL(baseDb);
u.pathname = "/playloop_bench";
const databaseUrl = u.toString();
await migrate(databaseUrl);

const env: Record<string, string | undefined> = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  APP_SECRET: process.env.APP_SECRET ?? "bench-secret-bench-secret-bench-secret",
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
};

console.log(`Playloop benchmark — ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
console.log(`load: autocannon, ${connections} connections, ${duration}s per run, from a separate process\n`);

const api = await startProcess("bench/api-server.ts", ["3901"], { ...env, PLAYLOOP_PROCESS: "bench-web" });
const bare = await startProcess("bench/bare-server.ts", ["3902"], env);
try {
  await load("http://127.0.0.1:3901/v1/health", { connections, duration: 2 }); // warm-up
  await load("http://127.0.0.1:3902/", { connections, duration: 2 });
  const façade = await load("http://127.0.0.1:3901/v1/health", { connections, duration });
  const yardstick = await load("http://127.0.0.1:3902/", { connections, duration });
  console.log("scenario: health (GET /v1/health)");
  console.log(row("  façade (tRPC → OpenAPI)", façade));
  console.log(row("  bare node:http", yardstick));
  const ratio = façade.rps / yardstick.rps;
  console.log(`  ratio façade/bare: ${ratio.toFixed(2)} (target ≥ 0.50) ${ratio >= 0.5 ? "MET" : "NOT MET"}\n`);
} finally {
  api.kill("SIGTERM");
  bare.kill("SIGTERM");
}
process.exit(0);
