import { randomBytes } from "node:crypto";
import pg from "pg";
import { apiClient } from "./api";
import { clusterAt, type TPgCluster } from "./postgres";
import { startService, type TServiceProcess } from "./processes";
import { startProxy } from "./proxy";
import { startRedis } from "./redis";
import { tail } from "./run-dir";
import { freePort } from "./wait";

/** The public origin the instances are configured with (their Origin checks compare with it). */
export const ORIGIN = "http://localhost:3000";
export const TEMPLATE_DB = "playloop_fault_template";

/** What the suite's global setup hands every test file (through the environment of its workers). */
export function faultRun() {
  const { FAULT_RUN_DIR: runDir, FAULT_PG_DIR: pgDir, FAULT_PG_PORT: pgPort, FAULT_APP_SECRET: appSecret } = process.env;
  if (!runDir || !pgDir || !pgPort || !appSecret) throw new Error("run the fault suite with `npm run test:fault` (its global setup starts PostgreSQL)");
  return { runDir, cluster: clusterAt(pgDir, Number(pgPort)), appSecret };
}

/**
 * One scenario's service: a fresh database (from the migrated template) on the suite's own
 * PostgreSQL, its own Redis, `webs` web instances and `workers` workers (each its own port), and
 * the round-robin proxy in front of the web instances.
 */
export async function startStack(opts: { name: string; webs: number; workers: number; env?: Record<string, string>; proxyHealthChecks?: boolean; readReplica?: TPgCluster; codeDir?: string }) {
  const { runDir, cluster, appSecret } = faultRun();
  const dbName = `fault_${opts.name}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const databaseUrl = cluster.url(dbName);
  const redis = await startRedis(runDir, await freePort(), `redis-${opts.name}`);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    APP_SECRET: appSecret,
    PUBLIC_BASE_URL: ORIGIN,
    TRUSTED_PROXIES: "127.0.0.1,::1",
    SERVE_CONSOLE: "false",
    ALLOW_SIGNUP: "true",
    DEMO_ENDPOINTS: "false",
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    // As in production: the transaction guard off, so the after-commit wake-ups of the deliveries
    // run as they do there (on the transaction's handle, without an async context).
    TX_GUARD: "false",
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "warn",
    // The same database on the replica: it streams every database of the suite's cluster.
    ...(opts.readReplica ? { DATABASE_READ_URL: opts.readReplica.url(dbName) } : {}),
    ...opts.env,
  };
  const services: TServiceProcess[] = [];
  const start = async (kind: "web" | "worker", name: string) => {
    const p = await startService({ kind, name: `${opts.name}-${name}`, port: await freePort(), runDir, env, codeDir: opts.codeDir });
    services.push(p);
    return p;
  };
  const webs: TServiceProcess[] = [];
  const workers: TServiceProcess[] = [];
  try {
    await Promise.all([
      ...Array.from({ length: opts.webs }, (_, i) => start("web", `web${i + 1}`).then((p) => (webs[i] = p))),
      ...Array.from({ length: opts.workers }, (_, i) => start("worker", `worker${i + 1}`).then((p) => (workers[i] = p))),
    ]);
  } catch (e) {
    await Promise.all(services.map((s) => s.kill()));
    await redis.stop();
    throw e;
  }
  const proxy = await startProxy(webs.map((w) => w.url), { healthChecks: opts.proxyHealthChecks });
  // The test's own view of the database (for comparing acknowledged answers with rows); it
  // reconnects by itself after a PostgreSQL restart.
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  db.on("error", () => {});
  let workerCount = opts.workers;
  let restarts = 0;
  return {
    databaseUrl,
    redis,
    webs,
    workers,
    proxy,
    db,
    call: apiClient(proxy.url, ORIGIN),
    /** A client that talks to one instance directly, not through the proxy. */
    direct: (p: TServiceProcess) => apiClient(p.url, ORIGIN),
    /**
     * A rolling restart's step: SIGTERM to the process (it drains and exits), then a new one of the
     * same kind on the same port, ready; it takes the old one's place in `webs` or `workers`.
     */
    async restart(p: TServiceProcess): Promise<TServiceProcess> {
      await p.stop();
      const fresh = await startService({ kind: p.kind, name: `${p.name}-r${++restarts}`, port: p.port, runDir, env, codeDir: opts.codeDir });
      services.push(fresh);
      const list = p.kind === "web" ? webs : workers;
      list[list.indexOf(p)] = fresh;
      return fresh;
    },
    /** Starts one more worker (say, after one was killed). */
    addWorker: () => start("worker", `worker${++workerCount}`).then((p) => (workers.push(p), p)),
    async stop() {
      // A process that died on its own is the finding: show how before its log goes.
      for (const s of services) if (!s.running() && !s.killedByTest()) console.error(`[fault] ${s.name} exited unexpectedly; its log ends:\n${tail(s.log, 40)}`);
      await proxy.close();
      await Promise.all(services.map((s) => s.kill()));
      await redis.stop();
      await db.end().catch(() => {});
      const c = new pg.Client({ connectionString: cluster.url() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TStack = Awaited<ReturnType<typeof startStack>>;
