import http from "node:http";
import { fork, spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { serverBundle, SERVER_NODE_ARGS } from "@/scripts/build-server";
import { namedQuery } from "@/server/db/statement-names";

export type TLoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/**
 * The source map of the bundle a profiled process runs, copied beside its profile: the next run
 * rebuilds the bundle, and a profile read against another build's map names the wrong files
 * (bench/profile-breakdown.ts reads the copy first). One directory per run keeps each map with its profiles.
 */
function keepSourceMap(bundle: string, dir: string): void {
  if (!existsSync(`${bundle}.map`)) return;
  mkdirSync(dir, { recursive: true });
  copyFileSync(`${bundle}.map`, join(dir, `${basename(bundle)}.map`));
}

/** A server process of the bench; with BENCH_CPU_PROF=<dir> the web process writes a V8 CPU profile there on exit. */
export async function startProcess(entry: string, args: string[], env: Record<string, string | undefined>): Promise<ChildProcess> {
  const prof = env.BENCH_CPU_PROF && entry.includes("api") ? ["--cpu-prof", `--cpu-prof-dir=${env.BENCH_CPU_PROF}`] : [];
  if (prof.length > 0) keepSourceMap(entry, env.BENCH_CPU_PROF!);
  // BENCH_NODE_FLAGS: extra Node flags for the web process (say, a GC setting to compare)
  const flags = entry.includes("api") ? (env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean) : [];
  // A compiled entry (.mjs: scripts/build-server.ts) runs on plain Node as in production; a .ts one through tsx.
  const loader = entry.endsWith(".mjs") ? [...SERVER_NODE_ARGS] : ["--import", "tsx"];
  const child = fork(entry, args, { execArgv: [...loader, ...prof, ...flags], env: env as NodeJS.ProcessEnv, stdio: ["ignore", process.env.BENCH_WEB_STDOUT ? "inherit" : "ignore", "inherit", "ipc"] });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
  return child;
}

export function load(url: string, opts: { connections?: number; duration?: number } = {}): Promise<TLoadResult> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: opts.connections ?? 50, duration: opts.duration ?? 10 }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
    });
  });
}

export function row(name: string, r: TLoadResult): string {
  return `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(9)} req/s   p50 ${String(r.p50).padStart(5)} ms   p99 ${String(r.p99).padStart(5)} ms   errors ${r.errors + r.non2xx}`;
}

/**
 * The clock of a load phase driven by `concurrency` workers: optionally paced to `ratePerSecond`
 * (all workers together: each waits out `interval` per request), untimed until `begin` — which,
 * paced, first lets the load run `warmSeconds` (default 2) so the timed part starts in the steady
 * state it measures — and then timed for `seconds`. A request counts when the phase was timed as
 * it was sent.
 */
export function phaseClock(opts: { concurrency: number; seconds: number; ratePerSecond?: number; warmSeconds?: number }) {
  const interval = opts.ratePerSecond ? (1000 * opts.concurrency) / opts.ratePerSecond : 0;
  const warmMs = (opts.warmSeconds ?? (interval > 0 ? 2 : 0)) * 1000;
  let timed = false;
  let deadline = Infinity;
  return {
    interval,
    warmMs,
    timed: () => timed,
    going: () => Date.now() < deadline,
    /** After a request that took `ms`: waits out the rest of the worker's period. */
    pace: async (ms: number) => {
      if (interval > ms) await new Promise((r) => setTimeout(r, interval - ms));
    },
    /** Waits out the warm-up, runs `onTimed` (the caller's meters), then times `seconds`; answers when timing began. */
    async begin(onTimed?: () => unknown): Promise<number> {
      if (warmMs > 0) await new Promise((r) => setTimeout(r, warmMs));
      await onTimed?.();
      timed = true;
      const started = Date.now();
      deadline = started + opts.seconds * 1000;
      return started;
    },
  };
}

export type TStats = { count: number; seconds: number; perSecond: number; p50: number; p99: number; errors: number };

const round = (n: number) => Math.round(n * 100) / 100;

/** Throughput and latency percentiles of latency samples (ms) taken over `seconds`. */
export function stats(samples: number[], seconds: number, errors: number): TStats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0);
  return { count: samples.length, seconds, perSecond: samples.length / seconds, p50: round(at(0.5)), p99: round(at(0.99)), errors };
}

export function statsRow(name: string, s: TStats): string {
  return `${name.padEnd(30)} ${s.perSecond.toFixed(0).padStart(7)} /s   p50 ${String(s.p50).padStart(6)} ms   p99 ${String(s.p99).padStart(6)} ms   n=${s.count} errors=${s.errors}`;
}

// The load generator shares the two cores with what it measures, so its client must be cheap: a
// keep-alive node:http agent costs a fraction of the CPU of global fetch per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request on the load generator's keep-alive agent: status and the raw body. */
export function send(url: string, method: string, headers: Record<string, string | number>, payload?: string): Promise<{ status: number; text: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, method, host: u.hostname, port: u.port, path: u.pathname + u.search, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** One JSON request as a browser on the API's own origin would send it. */
export async function json(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const res = await send(base + path, method, {
    "content-type": "application/json",
    origin: base.replace("127.0.0.1", "localhost"),
    ...(payload === undefined ? {} : { "content-length": Buffer.byteLength(payload) }),
    ...headers,
  }, payload);
  return { status: res.status, body: res.text ? JSON.parse(res.text) : null };
}

/** A new admin with verified 2FA (through the public API); answers the bearer headers. */
export async function benchAdmin(base: string): Promise<{ authorization: string }> {
  const { randomUUID } = await import("node:crypto");
  const { generate } = await import("otplib");
  const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
  const password = "bench password 123";
  await json(base, "POST", "/v1/admin/auth/signup", { email, password });
  const login = await json(base, "POST", "/v1/admin/auth/login", { email, password });
  const auth = { authorization: `Bearer ${login.body.token}` };
  const enroll = await json(base, "POST", "/v1/admin/two-factor/enroll", {}, auth);
  await json(base, "POST", "/v1/admin/two-factor/confirm", { code: await generate({ secret: enroll.body.secret }) }, auth);
  return auth;
}

/**
 * The processor behind the VM's model name, from /proc/cpuinfo: family, model, clock and cache (" (family 25 model 17,
 * 2596 MHz, 1024 KB cache)"), or nothing off Linux. The same code's CPU per request has differed by 2.4× between
 * two machines that both call themselves "AMD EPYC" (docs/performance-log.md, 2026-12-03): a run says which it had.
 */
export function cpuGeneration(): string {
  try {
    const info = readFileSync("/proc/cpuinfo", "utf8");
    const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(.+)$`, "m").exec(info)?.[1]?.trim();
    const family = field("cpu family");
    const model = field("model");
    const mhz = field("cpu MHz");
    const cache = field("cache size");
    if (!family || !model) return "";
    return ` (family ${family} model ${model}${mhz ? `, ${Math.round(Number(mhz))} MHz` : ""}${cache ? `, ${cache} cache` : ""})`;
  } catch {
    return "";
  }
}

/**
 * CPU seconds spent by each party while a phase runs (Linux /proc): the service's web process,
 * PostgreSQL (all its processes), Redis, this load generator, and everything else on the machine.
 * The load generator shares the two cores with the service, so the report says how much it took.
 */
export function cpuMeter(parties: { web: number; worker?: number }) {
  const tick = 100; // USER_HZ
  const read = () => {
    const by: Record<string, number> = { web: 0, worker: 0, postgres: 0, redis: 0, bench: 0, other: 0 };
    // all cores' busy time (user+nice+system+irq+softirq+steal), so "other" is the rest of it
    const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    by.machine = ((cpu[0] ?? 0) + (cpu[1] ?? 0) + (cpu[2] ?? 0) + (cpu[5] ?? 0) + (cpu[6] ?? 0) + (cpu[7] ?? 0)) / tick;
    for (const d of readdirSync("/proc")) {
      if (!/^\d+$/.test(d)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${d}/stat`, "utf8");
      } catch {
        continue;
      }
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const f = stat.slice(close + 2).split(" ");
      const pid = Number(d);
      const who = pid === parties.web ? "web" : pid === parties.worker ? "worker" : pid === process.pid ? "bench" : comm === "postgres" ? "postgres" : comm.startsWith("redis-server") ? "redis" : null;
      // PostgreSQL's backends come and go (a pool closes idle connections): a backend that exits
      // during the phase takes its CPU out of the live sum, and the postmaster, which reaps it,
      // gains it as its children's time (cutime, cstime). Counting both keeps the sum continuous.
      const children = who === "postgres" ? Number(f[13]) + Number(f[14]) : 0;
      const used = (Number(f[11]) + Number(f[12]) + children) / tick;
      if (who) by[who] = (by[who] ?? 0) + used;
      if (who === "web") by.webKernel = Number(f[12]) / tick; // its system time: syscalls, the network stack, wake-ups
    }
    // the web process's system calls that read and write (sockets, the log), all its threads
    try {
      const io = readFileSync(`/proc/${parties.web}/io`, "utf8");
      by.webReads = Number(/^syscr:\s*(\d+)/m.exec(io)?.[1] ?? NaN);
      by.webWrites = Number(/^syscw:\s*(\d+)/m.exec(io)?.[1] ?? NaN);
    } catch {
      by.webReads = by.webWrites = NaN; // not Linux, or not ours to read: not printed
    }
    return by;
  };
  const before = read();
  const t0 = Date.now();
  let after: Record<string, number> | null = null;
  return {
    /** Shares of the machine's CPU time (all cores) over the phase, in %. */
    stop(): string {
      after = read();
      const seconds = (Date.now() - t0) / 1000;
      const cores = os.cpus().length;
      const pct = (k: string) => (100 * ((after![k] ?? 0) - (before[k] ?? 0))) / (seconds * cores);
      const known = parties.worker ? ["web", "worker", "postgres", "redis", "bench"] : ["web", "postgres", "redis", "bench"];
      const other = Math.max(0, pct("machine") - known.reduce((n, k) => n + pct(k), 0));
      return `CPU of ${cores} cores: ${known.map((k) => `${k} ${pct(k).toFixed(0)}%`).join(", ")}, other ${other.toFixed(0)}%, idle ${Math.max(0, 100 - pct("machine")).toFixed(0)}%`;
    },
    /**
     * CPU time per request of each party over the phase (after stop), in µs: a cost that neither
     * the machine's other load nor a yardstick's own client moves, unlike a rate or a ratio.
     */
    perRequest(requests: number): string {
      const us = (k: string) => (requests > 0 ? Math.round((1e6 * ((after![k] ?? 0) - (before[k] ?? 0))) / requests) : 0);
      const worker = parties.worker ? `, worker ${us("worker")} µs` : "";
      const bare = bareAnswerUs !== null && requests > 0 ? ` (web = ${(us("web") / bareAnswerUs).toFixed(1)}× a bare answer of this run)` : "";
      const cpu = `CPU per request: web ${us("web")} µs${worker}, postgres ${us("postgres")} µs, redis ${us("redis")} µs, load generator ${us("bench")} µs${bare}`;
      // A count, not a time: the VM's fast and slow periods, which move every µs above by up to 2×, barely move it.
      const calls = (k: string) => ((after![k] ?? NaN) - (before[k] ?? NaN)) / requests;
      if (requests === 0 || !Number.isFinite(calls("webWrites"))) return cpu;
      const kernel = us("web") > 0 ? `; ${us("webKernel")} µs of its ${us("web")} µs in the kernel` : "";
      return `${cpu}\n    web process system calls per request: ${calls("webWrites").toFixed(2)} writes, ${calls("webReads").toFixed(2)} reads (sockets and log; each socket write to a local peer costs the writer that peer's wake-up too)${kernel}`;
    },
    /** CPU seconds a party used over the phase (after stop). */
    seconds(k: "web" | "worker" | "postgres" | "redis" | "bench"): number {
      return after ? (after[k] ?? 0) - (before[k] ?? 0) : 0;
    },
  };
}

/**
 * The machine's yardstick for CPU per request: what one bare `node:http` JSON answer costs its
 * process (bench/bare-server.ts) under the same load generator, measured in this run. This shared
 * VM's pace swings by half or more between hours (the same code's web CPU per command read 209 µs
 * one afternoon and 385 µs the next evening), and a bare answer's cost swings with it: a figure
 * divided by it compares across runs made in different periods, where the µs alone do not.
 */
let bareAnswerUs: number | null = null;

/** Measures the bare answer's CPU (µs) over `seconds` at full load, and (unless `keep` is false) has every perRequest line say its multiple. */
export async function measureBareAnswer(url: string, pid: number, opts: { seconds?: number; keep?: boolean } = {}): Promise<number> {
  const seconds = opts.seconds ?? 4;
  await load(url, { connections: 50, duration: 1 }); // warm-up
  const meter = cpuMeter({ web: pid });
  const r = await load(url, { connections: 50, duration: seconds });
  meter.stop();
  const requests = r.rps * seconds;
  const us = requests > 0 ? (1e6 * meter.seconds("web")) / requests : 0;
  if (opts.keep !== false) bareAnswerUs = Math.max(1, us);
  return Math.round(us * 10) / 10;
}

/** The web process's event loop over a phase: busy share and scheduling delay (from bench/api-server.ts). */
export function loopMeter(child: ChildProcess) {
  child.send("loop:start");
  const sched0 = mainThreadSched(child.pid!);
  const t0 = Date.now();
  return {
    stop(): Promise<string> {
      return new Promise((resolve) => {
        const onMessage = (m: unknown) => {
          const r = m as { type?: string; utilization: number; p50: number; p99: number; max: number; gc: { count: number; total: number; max: number } };
          if (r?.type !== "loop") return;
          child.off("message", onMessage);
          const sched1 = mainThreadSched(child.pid!);
          const ms = Date.now() - t0;
          const sched = sched0 && sched1
            ? `; its thread on a CPU ${((100 * (sched1.runNs - sched0.runNs)) / 1e6 / ms).toFixed(0)}%, runnable but waiting for one ${((100 * (sched1.waitNs - sched0.waitNs)) / 1e6 / ms).toFixed(0)}% of the phase, preempted ${(((sched1.preempted - sched0.preempted) * 1000) / ms).toFixed(0)}/s`
            : "";
          resolve(
            `event loop busy ${(100 * r.utilization).toFixed(0)}%, delay p50 ${r.p50.toFixed(1)} ms p99 ${r.p99.toFixed(1)} ms max ${r.max.toFixed(0)} ms${sched}; ` +
              `GC ${r.gc.count} pauses, ${r.gc.total.toFixed(0)} ms in all, longest ${r.gc.max.toFixed(1)} ms`,
          );
        };
        child.on("message", onMessage);
        child.send("loop:stop");
      });
    },
  };
}

/**
 * The kernel's accounting of a process's main thread (the event loop): time on a CPU, time runnable
 * but waiting in a run queue, and involuntary context switches. On a machine the service shares
 * with PostgreSQL and the load generator, the wait is time the event loop had work and no CPU.
 */
function mainThreadSched(pid: number): { runNs: number; waitNs: number; preempted: number } | null {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").trim().split(" ").map(Number);
    const preempted = Number(/nonvoluntary_ctxt_switches:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/task/${pid}/status`, "utf8"))?.[1] ?? 0);
    return { runNs: run ?? 0, waitNs: wait ?? 0, preempted };
  } catch {
    return null; // not Linux, or the process is gone
  }
}

/**
 * The server's own game-run latency histograms (what /v1/status reports), summed over every
 * minute kept in Redis: diff two snapshots to get the server-side latency of one phase, which
 * tells the server's tail from the load generator's own queueing.
 */
export async function serverLatencyCounts(redisUrl: string): Promise<Map<string, number>> {
  const { Redis } = await import("ioredis");
  const r = new Redis(redisUrl);
  const out = new Map<string, number>();
  try {
    // The recorder flushes once a second: wait for the last second's samples to land.
    await new Promise((res) => setTimeout(res, 1200));
    for (const key of await r.keys("metrics:latency:*")) {
      for (const [field, n] of Object.entries(await r.hgetall(key))) out.set(field, (out.get(field) ?? 0) + Number(n));
    }
  } finally {
    r.disconnect();
  }
  return out;
}

/** p50/p99 per action of the samples recorded between two snapshots. */
export async function serverLatencyBetween(before: Map<string, number>, after: Map<string, number>): Promise<Record<string, { count: number; p50: number; p99: number }>> {
  const { percentiles } = await import("@/server/metrics/histogram");
  const byAction = new Map<string, Map<number, number>>();
  for (const [field, n] of after) {
    const [, action, bucket] = field.split("|");
    const d = n - (before.get(field) ?? 0);
    if (!action || bucket === undefined || d <= 0) continue;
    const counts = byAction.get(action) ?? new Map<number, number>();
    counts.set(Number(bucket), (counts.get(Number(bucket)) ?? 0) + d);
    byAction.set(action, counts);
  }
  return Object.fromEntries([...byAction].map(([action, counts]) => [action, percentiles(counts)]));
}

/**
 * PostgreSQL's write-ahead log over a phase: bytes written, full-page images, and the checkpoints
 * that started (timed, or requested — by WAL volume past max_wal_size, or by a DROP DATABASE). A
 * latency tail that lines up with a requested checkpoint and its full-page writes is the database
 * server's settings (max_wal_size), not the service.
 */
export async function walMeter(databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const read = async () => {
    // PostgreSQL 17 moved the checkpoint counters to pg_stat_checkpointer
    const ck = await c
      .query<{ timed: string; req: string }>("SELECT num_timed AS timed, num_requested AS req FROM pg_stat_checkpointer")
      .catch(() => c.query<{ timed: string; req: string }>("SELECT checkpoints_timed AS timed, checkpoints_req AS req FROM pg_stat_bgwriter"));
    const wal = await c.query<{ bytes: string; fpi: string }>("SELECT wal_bytes AS bytes, wal_fpi AS fpi FROM pg_stat_wal");
    return { timed: Number(ck.rows[0]!.timed), req: Number(ck.rows[0]!.req), bytes: Number(wal.rows[0]!.bytes), fpi: Number(wal.rows[0]!.fpi) };
  };
  const before = await read();
  const settings = (await c.query<{ wal: string; buffers: string }>("SELECT current_setting('max_wal_size') AS wal, current_setting('shared_buffers') AS buffers")).rows[0]!;
  return {
    async stop(): Promise<string> {
      const after = await read();
      await c.end();
      return `PostgreSQL WAL ${((after.bytes - before.bytes) / 2 ** 20).toFixed(0)} MB (${after.fpi - before.fpi} full-page images), checkpoints started: ${after.req - before.req} requested, ${after.timed - before.timed} timed (max_wal_size ${settings.wal}, shared_buffers ${settings.buffers})`;
    },
  };
}

/**
 * The yardsticks' statements prepared (each text named once per connection), as the API's hot
 * paths are: the database's own limit for a shape is that of its prepared statements. Statements
 * without parameters (BEGIN, COMMIT, SAVEPOINT) go as simple queries, as the API sends them.
 */
export function preparedQuery(c: pg.Client, prefix: string) {
  return (text: string, values?: unknown[]) => c.query(values ? namedQuery(prefix, text, values) : text);
}

/**
 * What PostgreSQL spends on one prepared statement, as a connection of the API runs it: the text
 * prepared once, executed six times (after five custom plans PostgreSQL may switch the connection
 * to a generic plan, which it then keeps), then `EXPLAIN (ANALYZE, BUFFERS)` of an execution for
 * each set of values. Answers the mean shared buffers touched (hit or read) and the mean execution
 * time: the buffers are what grows when a plan stops being flat as data grows, and unlike a
 * latency they do not move with the machine's other load.
 */
export async function statementCost(databaseUrl: string, text: string, valuesList: unknown[][]): Promise<{ buffers: number; ms: number; n: number }> {
  const c = new pg.Client({ connectionString: databaseUrl, options: "-c jit=off" });
  await c.connect();
  try {
    const literal = (v: unknown) => (v === null ? "NULL" : c.escapeLiteral(v instanceof Date ? v.toISOString() : String(v)));
    const execute = (values: unknown[]) => `EXECUTE bench_cost(${values.map(literal).join(", ")})`;
    await c.query(`PREPARE bench_cost AS ${text}`);
    for (let i = 0; i < 6; i++) await c.query(execute(valuesList[i % valuesList.length]!));
    let buffers = 0;
    let ms = 0;
    for (const values of valuesList) {
      const { rows } = await c.query<{ "QUERY PLAN": Array<{ Plan: Record<string, number>; "Execution Time": number }> }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${execute(values)}`);
      const out = rows[0]!["QUERY PLAN"][0]!;
      buffers += (out.Plan["Shared Hit Blocks"] ?? 0) + (out.Plan["Shared Read Blocks"] ?? 0);
      ms += out["Execution Time"];
    }
    return { buffers: buffers / valuesList.length, ms: ms / valuesList.length, n: valuesList.length };
  } finally {
    await c.end();
  }
}

/** The real worker process (compiled: bench/run.ts builds it), ready once its /ready answers. */
export async function startWorker(workerEnv: Record<string, string | undefined>) {
  // BENCH_CPU_PROF profiles the worker too (its file name carries the worker's pid)
  const prof = workerEnv.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${workerEnv.BENCH_CPU_PROF}`] : [];
  if (prof.length > 0) keepSourceMap(serverBundle("worker"), workerEnv.BENCH_CPU_PROF!);
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...prof, serverBundle("worker")], { env: workerEnv as NodeJS.ProcessEnv, stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`http://127.0.0.1:${workerEnv.WORKER_PORT}/ready`).then((r) => r.ok, () => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error("the worker did not become ready");
}
