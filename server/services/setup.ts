import { config, type TConfig } from "@/server/config/env";
import { createDatabase } from "@/server/db/client";
import { ReadReplica } from "@/server/db/read-replica";
import { databaseUrl } from "@/server/db/url";
import { playProbes, replayThreadCounts, warmTracks, winCheckCounts } from "@/server/domain/gameplay";
import { listenForPlayerErasures } from "@/server/domain/identity";
import { mechanicIds } from "@/games/registry";
import { startJobQueue } from "@/server/jobs/queue";
import { createLoggers } from "@/server/logging/logger";
import { LatencyRecorder } from "@/server/metrics/latency";
import { registerGauges } from "@/server/metrics/collectors";
import { RateLimiter } from "@/server/rate-limit/limiter";
import { createRedis } from "@/server/stores/redis";
import { hasServices, installServices, services, type TRole, type TServices } from "./container";

/**
 * The one composition root. Web, worker, scripts, benchmarks and tests call it once at start; it
 * builds every service from the configuration, wires the capabilities' probes, warms what the hot
 * paths read (level tracks, the job queue cache) and returns the wired services. Nothing else
 * creates a pool, a Redis client, a limiter or a queue.
 */
export async function setupServices(opts: { role: TRole; config?: TConfig; queue?: boolean } = { role: "script" }): Promise<TServices> {
  if (hasServices()) throw new Error("setupServices() was already called in this process");
  const c = opts.config ?? config();
  const processName = process.env.PLAYLOOP_PROCESS ?? opts.role;
  const url = databaseUrl();
  const { pool, prisma, readLane, writeLane } = createDatabase({ url, max: c.databasePoolSize, readLaneSize: c.databaseReadLaneSize, writeLaneSize: c.databaseWriteLaneSize });
  // Scripts read and write what they are told on the primary; the replica serves the console's heavy reads.
  const replica = c.databaseReadUrl && opts.role !== "script" ? new ReadReplica({ url: c.databaseReadUrl, max: Math.max(2, Math.ceil(c.databasePoolSize / 2)) }) : null;
  const redis = c.redisUrl ? createRedis(c.redisUrl) : null;
  const { logger, accessLogger } = createLoggers(c, processName);
  // Scripts need no queue; everything that can enqueue (web, worker, tests, bench) gets one.
  const withQueue = opts.queue ?? opts.role !== "script";
  const queue = withQueue ? await startJobQueue({ connectionString: url, max: opts.role === "worker" ? 4 : 2, role: opts.role === "worker" ? "worker" : "web" }) : null;
  const latency = new LatencyRecorder(redis);
  // Every process that may hold a player in memory forgets them when any instance erases them.
  const erasures = redis && opts.role !== "script" ? listenForPlayerErasures(redis) : null;
  const s: TServices = {
    role: opts.role,
    config: c,
    pool,
    prisma,
    readLane,
    writeLane,
    replica,
    redis,
    limiter: new RateLimiter(redis),
    logger,
    accessLogger,
    latency,
    queue: queue ?? noQueue(),
    probes: playProbes(),
    async close() {
      // The queue first: pg-boss waits (up to 10 s) for the jobs it is running, and they need the
      // services — cleared first, a job's next statement threw and a deploy failed its jobs.
      await queue?.stop();
      installServices(null);
      await latency.flush().catch(() => undefined);
      await erasures?.stop();
      await prisma.$disconnect().catch(() => undefined);
      await pool.end().catch(() => undefined);
      await readLane.end();
      await writeLane.end();
      await replica?.end();
      redis?.disconnect();
    },
  };
  installServices(s);
  // What /metrics reads at scrape time: the pool everywhere, the queues and outbox on the worker.
  if (opts.role !== "script") registerGauges(opts.role === "worker" ? "worker" : "web", () => services().pool, () => services().replica, replayThreadCounts, winCheckCounts);
  if (opts.role !== "script") await warmTracks(mechanicIds).catch((e) => logger.warn({ err: e }, "level tracks not loaded yet"));
  return s;
}

/** Closes the process's services (graceful shutdown, end of a script or test file). */
export async function closeServices(): Promise<void> {
  if (hasServices()) await services().close();
}

function noQueue(): TServices["queue"] {
  const refuse = () => {
    throw new Error("This process was set up without a job queue (setupServices({ queue: false }))");
  };
  return { send: async () => refuse(), get boss(): never { return refuse(); }, stop: async () => {} };
}
