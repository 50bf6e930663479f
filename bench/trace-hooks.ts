import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import type http from "node:http";
import pg from "pg";
import { Redis } from "ioredis";

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
process.on("message", (m) => {
  if (m === "loop:start") phase++;
});

/** Records each call of `proto[method]` made inside a traced request (the method returns a promise). */
function wrap(proto: object, method: string, label: (args: unknown[]) => string) {
  const target = proto as Record<string, (...args: unknown[]) => unknown>;
  const original = target[method]!;
  target[method] = function (this: unknown, ...args: unknown[]) {
    const t = store.getStore();
    const out = original.apply(this, args);
    if (t && out instanceof Promise) {
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
wrap(pg.Client.prototype, "query", (a) => sqlLabel(a[0]));
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

export function dumpTrace(file: string): void {
  fs.writeFileSync(file, JSON.stringify(done));
  const lines: string[] = [];
  for (const p of [...new Set(done.map((t) => t.phase))].sort()) {
    for (const kind of ["start", "move"] as const) {
      // a move that checked out a connection went the locked way (a finishing move, an event, a lost race)
      const groups: Record<string, TTrace[]> = kind === "start" ? { start: done.filter((t) => t.phase === p && t.kind === "start") } : {
        "common move": done.filter((t) => t.phase === p && t.kind === "move" && !t.marks.some((m) => m.what === "pg checkout")),
        "locked move": done.filter((t) => t.phase === p && t.kind === "move" && t.marks.some((m) => m.what === "pg checkout")),
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
        for (const [what, xs] of [...per].sort((a, b) => b[1].length - a[1].length).slice(0, 10)) lines.push(row(`    ${what}`, xs));
      }
    }
  }
  fs.writeFileSync(`${file}.txt`, lines.join("\n") + "\n");
}
