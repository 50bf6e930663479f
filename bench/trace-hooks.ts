import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import { PerformanceObserver } from "node:perf_hooks";
import type http from "node:http";
import pg from "pg";
import { Redis } from "ioredis";
import { CorkedClient } from "@/server/db/corked-client";

/**
 * BENCH_TRACE=<file>: where a game request's time goes, round trip by round trip. Every PostgreSQL
 * statement, pool checkout and Redis command a start or a command sends is recorded with its start
 * and end (ms from the request's arrival), and the request's phase (each loopMeter start begins
 * one: warm-up 0, max throughput 1, half load 2). On exit the web process writes them all to the
 * file and a summary beside it (<file>.txt): per phase and kind, the latency percentiles and each
 * round trip's. Bench only: the wrapping costs the service ~20 % of its throughput, so read the
 * shapes (which round trip is slow, and when), not the absolute numbers.
 */
type TMark = { what: string; start: number; end: number };
type TTrace = { kind: "move" | "start"; phase: number; at: number; total: number; marks: TMark[] };
const store = new AsyncLocalStorage<TTrace>();
const done: TTrace[] = [];
let phase = 0;
// What else held the process: each GC pause, and each time a 2 ms timer fired late by more than
// 5 ms (the event loop busy or the process not scheduled), both in ms since the process began.
const gcs: Array<{ at: number; ms: number; kind: number }> = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ at: e.startTime, ms: e.duration, kind: ((e as { detail?: { kind?: number } }).detail?.kind) ?? 0 });
}).observe({ entryTypes: ["gc"] });
// Each stall also says how much of it the main thread spent on a CPU (running: our code, GC) and how
// much runnable but waiting for one (the machine's other processes held both vCPUs), from the
// thread's schedstat (nanoseconds run and waited), read at every tick.
const stalls: Array<{ at: number; ms: number; runMs: number; waitMs: number }> = [];
const SCHED = `/proc/${process.pid}/task/${process.pid}/schedstat`;
const sched = (): [number, number] => {
  try {
    const [run, wait] = fs.readFileSync(SCHED, "utf8").split(" ").map(Number);
    return [run! / 1e6, wait! / 1e6];
  } catch {
    return [0, 0]; // not Linux: the split is not known
  }
};
let tick = performance.now();
let [ran, waited] = sched();
setInterval(() => {
  const t = performance.now();
  const [r, w] = sched();
  if (t - tick > 7) stalls.push({ at: tick, ms: t - tick - 2, runMs: r - ran, waitMs: w - waited });
  [tick, ran, waited] = [t, r, w];
}, 2).unref();
process.on("message", (m) => {
  if (m === "loop:start") phase++;
});

/** Records each call of `proto[method]` made inside a traced request (the method returns a promise). */
function wrap(proto: object, method: string, label: (args: unknown[]) => string, recorded: (self: unknown) => boolean = () => true) {
  const target = proto as Record<string, (...args: unknown[]) => unknown>;
  const original = target[method]!;
  target[method] = function (this: unknown, ...args: unknown[]) {
    const t = store.getStore();
    const out = original.apply(this, args);
    if (t && out instanceof Promise && recorded(this)) {
      const mark: TMark = { what: label(args), start: performance.now() - t.at, end: -1 };
      t.marks.push(mark);
      const end = () => (mark.end = performance.now() - t.at);
      out.then(end, end);
    }
    return out;
  };
}

const sqlLabel = (q: unknown) => {
  const c = q as string | { name?: string; text?: string };
  const text = typeof c === "string" ? c : (c.name ?? c.text ?? "?");
  return `pg ${text.replace(/\s+/g, " ").slice(0, 32)}`;
};
wrap(pg.Pool.prototype, "connect", () => "pg checkout");
// The service's connections are CorkedClients, whose plain statements go to the driver as Query
// objects (lean-query.ts), answered by the client's own promise: recorded there. The driver's own
// query is recorded for the other clients only, so a statement is never counted twice.
wrap(CorkedClient.prototype, "query", (a) => sqlLabel(a[0]));
wrap(pg.Client.prototype, "query", (a) => sqlLabel(a[0]), (self) => !(self instanceof CorkedClient));
wrap(Redis.prototype, "sendCommand", (a) => `redis ${(a[0] as { name?: string })?.name ?? "?"}`);

/** Runs every request of `server` in a trace; keeps those of game runs. */
export function traceServer(server: http.Server): void {
  const handlers = server.listeners("request") as Array<(req: http.IncomingMessage, res: http.ServerResponse) => void>;
  server.removeAllListeners("request");
  server.on("request", (req, res) => {
    const url = req.url ?? "";
    const kind = url.includes("/commands") ? "move" : url.startsWith("/v1/game-runs") ? "start" : null;
    if (!kind) return handlers.forEach((h) => h(req, res));
    const t: TTrace = { kind, phase, at: performance.now(), total: 0, marks: [] };
    res.on("finish", () => {
      t.total = performance.now() - t.at;
      done.push(t);
    });
    store.run(t, () => handlers.forEach((h) => h(req, res)));
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * p))]! : 0;
};
const row = (label: string, xs: number[]) =>
  `${label.padEnd(44)} n=${String(xs.length).padStart(6)}  p50 ${pct(xs, 0.5).toFixed(1)}  p90 ${pct(xs, 0.9).toFixed(1)}  p99 ${pct(xs, 0.99).toFixed(1)} ms`;

/**
 * One line per phase: the requests over 20 ms, how many of them overlapped an event-loop stall or
 * a GC pause of the web process, and those stalls and pauses (a tail that lines up with them is
 * the process being held, not a round trip being slow).
 */
function heldSummary(p: number): string {
  const ts = done.filter((t) => t.phase === p);
  if (ts.length === 0) return `phase ${p}: no requests`;
  const from = Math.min(...ts.map((t) => t.at));
  const to = Math.max(...ts.map((t) => t.at + t.total));
  const inPhase = <T extends { at: number }>(xs: T[]) => xs.filter((x) => x.at >= from && x.at <= to);
  const st = inPhase(stalls);
  const big = inPhase(gcs).filter((g) => g.ms > 3);
  const held: Array<{ at: number; ms: number }> = [...st, ...big];
  const slow = ts.filter((t) => t.total > 20);
  const overlapped = slow.filter((t) => held.some((h) => h.at < t.at + t.total && h.at + h.ms > t.at)).length;
  const sum = (xs: Array<{ ms: number }>) => xs.reduce((a, x) => a + x.ms, 0).toFixed(0);
  const sumOf = (xs: typeof stalls, k: "runMs" | "waitMs") => xs.reduce((a, x) => a + x[k], 0).toFixed(0);
  const longest = (xs: Array<{ ms: number }>) => Math.max(0, ...xs.map((x) => x.ms)).toFixed(1);
  return `phase ${p}: ${slow.length} of ${ts.length} requests over 20 ms, ${overlapped} of them overlapping a stall or GC pause; ` +
    `event-loop stalls > 5 ms: ${st.length}, ${sum(st)} ms in all (the main thread on a CPU ${sumOf(st, "runMs")} ms of it, waiting for one ${sumOf(st, "waitMs")}), longest ${longest(st)} ms; GC pauses > 3 ms: ${big.length}, ${sum(big)} ms, longest ${longest(big)} ms`;
}

/** How much of a request's time at least one of its round trips was out (the union of the marks). */
function coveredMs(marks: TMark[]): number {
  let covered = 0;
  let until = -Infinity;
  for (const m of [...marks].filter((m) => m.end >= 0).sort((a, b) => a.start - b.start)) {
    if (m.end <= until) continue;
    covered += m.end - Math.max(m.start, until);
    until = m.end;
  }
  return covered;
}

const madeClaim = (t: TTrace) => t.marks.some((m) => m.what === "pg claim_insert");

export function dumpTrace(file: string): void {
  fs.writeFileSync(file, JSON.stringify({ requests: done, gcs, stalls, clock: { now: performance.now(), monotonicUs: Number(process.hrtime.bigint() / 1000n) } }));
  const lines: string[] = [];
  for (const p of [...new Set(done.map((t) => t.phase))].sort()) {
    lines.push(heldSummary(p));
    for (const kind of ["start", "move"] as const) {
      // a move that checked out a connection went the locked way (a finishing move, an event, a lost race)
      const groups: Record<string, TTrace[]> = kind === "start" ? { start: done.filter((t) => t.phase === p && t.kind === "start") } : {
        "common move": done.filter((t) => t.phase === p && t.kind === "move" && !t.marks.some((m) => m.what === "pg checkout")),
        "locked move": done.filter((t) => t.phase === p && t.kind === "move" && t.marks.some((m) => m.what === "pg checkout") && !madeClaim(t)),
        // a winning move of a rewards project whose claim statement was sent
        "claim move": done.filter((t) => t.phase === p && t.kind === "move" && madeClaim(t)),
      };
      for (const [name, ts] of Object.entries(groups)) {
        if (ts.length === 0) continue;
        lines.push(row(`phase ${p} ${name}`, ts.map((t) => t.total)));
        const per = new Map<string, number[]>();
        for (const t of ts) {
          for (const m of t.marks) {
            if (!per.has(m.what)) per.set(m.what, []);
            per.get(m.what)!.push(m.end - m.start);
          }
        }
        for (const [what, xs] of [...per].sort((a, b) => b[1].length - a[1].length).slice(0, 14)) lines.push(row(`    ${what}`, xs));
        // what no round trip covers: the process's own work, and its waits for the event loop
        lines.push(row("    (no round trip out)", ts.map((t) => t.total - coveredMs(t.marks))));
      }
    }
  }
  fs.writeFileSync(`${file}.txt`, lines.join("\n") + "\n");
}
