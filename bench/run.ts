import os from "node:os";
import pg from "pg";
import { prepareDatabase } from "@/server/db/prepare";
import { load, row, startProcess } from "./lib";
import { databaseLimit, driveCommands, setupPlayProject, statsRow } from "./play";

/**
 * `npm run bench`: measures the service against the real PostgreSQL and Redis, and a yardstick in
 * the same run. Load comes from this process; servers run in their own processes. Scenarios:
 *   health — GET /v1/health through the façade vs a bare node:http server answering the same JSON.
 *   play   — players send match3 commands through the API (max throughput, then half load),
 *            vs the database's own limit for the same transaction shape on a direct SQL driver.
 * Set BENCH_DURATION (seconds, default 10) and BENCH_CONNECTIONS (default 50).
 */
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const baseDb = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
// The bench server gets its own Redis database (index 15), emptied first, so limits and the
// latency histograms it reports hold this run only.
const redisBase = new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
redisBase.pathname = "/15";
const redisUrl = redisBase.toString();
{
  const { Redis } = await import("ioredis");
  const r = new Redis(redisUrl);
  await r.flushdb();
  r.disconnect();
}

const admin = new pg.Client({ connectionString: baseDb });
await admin.connect();
await admin.query("DROP DATABASE IF EXISTS playloop_bench WITH (FORCE)");
await admin.query("CREATE DATABASE playloop_bench");
await admin.end();
const u = new URL(baseDb);
u.pathname = "/playloop_bench";
const databaseUrl = u.toString();
await prepareDatabase(databaseUrl);

const env: Record<string, string | undefined> = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  APP_SECRET: process.env.APP_SECRET ?? "bench-secret-bench-secret-bench-secret",
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
  PUBLIC_BASE_URL: "http://localhost:3901",
  TRUSTED_PROXIES: "127.0.0.1,::1",
  ALLOW_SIGNUP: "true",
};
const scenarios = (process.env.BENCH_SCENARIOS ?? "health,play").split(",");

console.log(`Playloop benchmark — ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
console.log(`load: autocannon, ${connections} connections, ${duration}s per run, from a separate process\n`);

if (scenarios.includes("play")) {
  const { buildPlay } = await import("../scripts/build-play");
  await buildPlay();
}
const api = await startProcess("bench/api-server.ts", ["3901"], { ...env, PLAYLOOP_PROCESS: "bench-web" });
const bare = await startProcess("bench/bare-server.ts", ["3902"], env);
try {
  if (scenarios.includes("health")) {
  await load("http://127.0.0.1:3901/v1/health", { connections, duration: 2 }); // warm-up
  await load("http://127.0.0.1:3902/", { connections, duration: 2 });
  const façade = await load("http://127.0.0.1:3901/v1/health", { connections, duration });
  const yardstick = await load("http://127.0.0.1:3902/", { connections, duration });
  console.log("scenario: health (GET /v1/health)");
  console.log(row("  façade (tRPC → OpenAPI)", façade));
  console.log(row("  bare node:http", yardstick));
  const ratio = façade.rps / yardstick.rps;
  console.log(`  ratio façade/bare: ${ratio.toFixed(2)} (target ≥ 0.50) ${ratio >= 0.5 ? "MET" : "NOT MET"}\n`);
  }
  if (scenarios.includes("play")) {
    const base = "http://127.0.0.1:3901";
    const mechanic = (process.env.BENCH_MECHANIC ?? "parcel_pilot_v1") as "parcel_pilot_v1";
    const project = await setupPlayProject(base, mechanic);
    const players = Number(process.env.BENCH_PLAYERS ?? 400);
    const concurrency = Number(process.env.BENCH_PLAY_CONCURRENCY ?? 32);
    await driveCommands({ base, ...project, players: 50, concurrency: 8, seconds: 3 }); // warm-up
    const max = await driveCommands({ base, ...project, players, concurrency, seconds: duration });
    const sizes = await sizesOf(databaseUrl);
    const dbLimit = await databaseLimit({ databaseUrl, connections: 16, seconds: duration, stateBytes: sizes.state, responseBytes: sizes.response });
    const half = await driveCommands({ base, ...project, players, concurrency, seconds: duration, ratePerSecond: max.perSecond / 2 });
    console.log(`scenario: play (POST /v1/game-runs/{id}/commands, ${mechanic}, ${players} players, ${concurrency} in flight)`);
    console.log(statsRow("  API, max throughput", max));
    console.log(statsRow("  API, half load (paced)", half));
    console.log(statsRow("  database limit (direct SQL)", dbLimit));
    console.log(`  (transaction shape: BEGIN; SELECT … FOR UPDATE; INSERT command; UPDATE run; COMMIT — state ${sizes.state} B, response ${sizes.response} B, 16 connections)`);
    const status = (await (await fetch(`${base}/v1/status`)).json()) as { game_run_latency_ms: Record<string, Record<string, { count: number; p50: number; p99: number }>> };
    for (const [action, p] of Object.entries(status.game_run_latency_ms[mechanic] ?? {})) {
      console.log(`  server-side ${action.padEnd(8)} (from /v1/status, all phases of this run) p50 ${p.p50} ms  p99 ${p.p99} ms  n=${p.count}`);
    }
    const ratio = max.perSecond / dbLimit.perSecond;
    console.log(`  ratio API/database: ${ratio.toFixed(2)} (target ≥ 0.50) ${ratio >= 0.5 ? "MET" : "NOT MET"}; p99 at half load ${half.p99} ms (target ≤ 25 ms) ${half.p99 <= 25 ? "MET" : "NOT MET"}\n`);
  }
} finally {
  api.kill("SIGTERM");
  bare.kill("SIGTERM");
}
process.exit(0);

async function sizesOf(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query(
    "SELECT (SELECT avg(octet_length(response::text))::int FROM game_command) AS response, (SELECT avg(octet_length(state::text))::int FROM game_run) AS state",
  );
  await c.end();
  return { state: r.rows[0].state ?? 2000, response: r.rows[0].response ?? 2000 };
}
