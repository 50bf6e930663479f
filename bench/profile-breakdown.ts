import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * `node --import tsx bench/profile-breakdown.ts <file.cpuprofile> [seconds] [from]`: where a web process's
 * busy time went, over the busiest `seconds` (default 10) of a V8 CPU profile written by
 * BENCH_CPU_PROF — the max-throughput phase of the scenario that was run (or the `seconds` from `from` seconds into
 * the profile). The accounting of
 * docs/performance.md: a socket write counts with the party it writes to (PostgreSQL, Redis, an
 * HTTP response), native code and Node's internals with the code that called them when that code
 * is ours or a library's, GC on its own. The service's processes run compiled into one bundle each
 * (scripts/build-server.ts): a frame in a bundle is read as the source file its source map names,
 * or every frame of ours would be one file under `.build/` that no rule knows.
 */

type TFrame = { functionName: string; url: string; lineNumber: number };
type TNode = { id: number; callFrame: TFrame; children?: number[] };
export type TProfile = { nodes: TNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

/** Categories, tried from the sampled frame up; the first frame that names one decides. */
const RULES: Array<[string, (url: string, fn: string) => boolean]> = [
  ["PostgreSQL driver (pg, our batch/tx)", (u) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-)/.test(u) || /server\/db\//.test(u)],
  ["Redis driver + rate limiter", (u) => /node_modules\/(ioredis|rate-limiter-flexible|redis-parser|@ioredis|denque|cluster-key-slot)/.test(u) || /server\/rate-limit\//.test(u) || /server\/stores\/redis/.test(u)],
  ["logging (pino)", (u) => /node_modules\/(pino|sonic-boom|thread-stream|fast-redact|quick-format)/.test(u) || /server\/logging\//.test(u)],
  ["token verification + crypto", (u) => /node_modules\/jose/.test(u) || /server\/lib\/crypto/.test(u) || /server\/auth\//.test(u)],
  ["zod", (u) => /node_modules\/zod/.test(u)],
  ["tRPC + trpc-to-openapi", (u) => /node_modules\/(@trpc|trpc-to-openapi)/.test(u) || /server\/trpc\//.test(u) || /server\/http\/trpc-shim/.test(u)],
  ["game engine", (u) => /\/games\//.test(u)],
  ["metrics", (u) => /server\/metrics\/|node_modules\/prom-client/.test(u)],
  ["our HTTP layer", (u) => /server\/http\//.test(u)],
  ["domain + routers", (u) => /server\/(domain|routers|errors|lib|config|services)\//.test(u)],
  ["Node's HTTP", (u) => /^node:_http|^node:http/.test(u)],
];

const SOCKET_WRITE = /^(writev|writeBuffer|writeUtf8String|writeLatin1String|writeAsciiString|writeGeneric|writevGeneric)$/;

function categorise(stack: TFrame[]): string {
  const leaf = stack[0]!;
  if (leaf.functionName === "(garbage collector)") return "GC";
  if (leaf.functionName === "(idle)") return "idle";
  if (leaf.functionName === "(program)") return "program (V8, unattributed)";
  const writes = stack.some((f) => SOCKET_WRITE.test(f.functionName) && (f.url === "" || f.url.startsWith("node:")));
  for (const f of stack) {
    for (const [name, test] of RULES) {
      if (!test(f.url, f.functionName)) continue;
      if (!writes) return name;
      if (name.startsWith("PostgreSQL")) return "socket writes: PostgreSQL";
      if (name.startsWith("Redis")) return "socket writes: Redis";
      if (name === "logging (pino)") return "socket writes: logs";
      return "socket writes: HTTP responses";
    }
  }
  return writes ? "socket writes: other" : "Node internals (microtasks, streams, timers, buffers)";
}

/**
 * The profile with each frame of a bundle that has a source map named by its source file. The map
 * is the one the bench kept beside the profile (`<mapDir>/<bundle's name>.map`, bench/lib.ts) when
 * there is one, else the one beside the bundle, which matches only while the bundle is the build
 * that was profiled.
 */
export function withSources(profile: TProfile, mapDir?: string): TProfile {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (url: string): SourceMap | null => {
    if (!maps.has(url)) {
      const file = url.startsWith("file://") ? fileURLToPath(url) : null;
      const kept = file && mapDir ? join(mapDir, `${basename(file)}.map`) : null;
      const path = kept && existsSync(kept) ? kept : file && existsSync(`${file}.map`) ? `${file}.map` : null;
      maps.set(url, path ? new SourceMap(JSON.parse(readFileSync(path, "utf8"))) : null);
    }
    return maps.get(url)!;
  };
  const nodes = profile.nodes.map((n) => {
    const f = n.callFrame as TFrame & { columnNumber?: number };
    const map = f.url ? mapOf(f.url) : null;
    if (!map || f.lineNumber < 0) return n;
    const entry = map.findEntry(f.lineNumber, f.columnNumber ?? 0) as { originalSource?: string; originalLine?: number };
    if (!entry.originalSource) return n;
    const source = pathToFileURL(resolve(dirname(fileURLToPath(f.url)), entry.originalSource)).href;
    return { ...n, callFrame: { ...f, url: source, lineNumber: entry.originalLine ?? f.lineNumber } };
  });
  return { ...profile, nodes };
}

export function breakdown(profile: TProfile, seconds: number, fromS?: number): { busyMs: number; fromS: number; rows: Array<[string, number]> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stackOf = new Map<number, string>();
  const category = (id: number): string => {
    let hit = stackOf.get(id);
    if (hit) return hit;
    const stack: TFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame);
    hit = categorise(stack);
    stackOf.set(id, hit);
    return hit;
  };
  // Sample times, then the window of `seconds` with the most busy samples.
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) times.push((t += d));
  const busy = profile.samples.map((id) => category(id) !== "idle");
  const span = seconds * 1e6;
  let best = 0;
  let bestStart = 0;
  let count = 0;
  let lo = 0;
  for (let hi = 0; hi < times.length; hi++) {
    if (fromS !== undefined) {
      // a window asked for by its start (seconds from the profile's start)
      if (times[hi]! - profile.startTime >= fromS * 1e6) [best, bestStart] = [1, hi];
      if (best) break;
      continue;
    }
    if (busy[hi]) count++;
    while (times[hi]! - times[lo]! > span) if (busy[lo++]) count--;
    if (count > best) [best, bestStart] = [count, lo];
  }
  const totals = new Map<string, number>();
  let busyUs = 0;
  for (let i = bestStart; i < times.length && times[i]! - times[bestStart]! <= span; i++) {
    const c = category(profile.samples[i]!);
    if (c === "idle") continue;
    const dt = i + 1 < times.length ? times[i + 1]! - times[i]! : 0;
    totals.set(c, (totals.get(c) ?? 0) + dt);
    busyUs += dt;
  }
  const rows = [...totals].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v / busyUs] as [string, number]);
  return { busyMs: busyUs / 1000, fromS: (times[bestStart]! - profile.startTime) / 1e6, rows };
}

/** The checkout's root as a file URL prefix: a function of ours or of a dependency is named by its path inside it. */
const ROOT = `${pathToFileURL(resolve(dirname(fileURLToPath(import.meta.url)), "..")).href}/`;

export type TFunctionTime = { name: string; self: number; inclusive: number };

/**
 * Each function's share of the busy time from `fromS` for `seconds`: `self` where it was the sampled
 * frame, `inclusive` where it was on the stack (once per sample, however often it recurses). A
 * function is its name and source position (after withSources, the source file and line), so a
 * socket write shows as `writev`, and who wrote is in its callers' inclusive shares.
 */
export function functionTimes(profile: TProfile, seconds: number, fromS: number): TFunctionTime[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const nameOf = (id: number): string => {
    const f = byId.get(id)!.callFrame;
    const where = f.url ? ` ${f.url.startsWith(ROOT) ? f.url.slice(ROOT.length) : f.url}:${f.lineNumber + 1}` : "";
    return `${f.functionName || "(anonymous)"}${where}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busyUs = 0;
  let t = profile.startTime;
  const from = profile.startTime + fromS * 1e6;
  const to = from + seconds * 1e6;
  profile.timeDeltas.forEach((d, i) => {
    t += d;
    const next = profile.timeDeltas[i + 1] ?? 0;
    const id = profile.samples[i]!;
    if (t < from || t > to || byId.get(id)!.callFrame.functionName === "(idle)") return;
    busyUs += next;
    const leaf = nameOf(id);
    self.set(leaf, (self.get(leaf) ?? 0) + next);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nameOf(at);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + next);
    }
  });
  return [...inclusive.keys()].map((name) => ({ name, self: (self.get(name) ?? 0) / busyUs, inclusive: inclusive.get(name)! / busyUs }));
}

if (process.argv[1]?.endsWith("profile-breakdown.ts")) {
  const flags = process.argv.slice(2).filter((a) => a.startsWith("--"));
  const [file, seconds, from] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  if (!file) throw new Error("usage: bench/profile-breakdown.ts <file.cpuprofile> [seconds] [from] [--functions=N]");
  const profile = withSources(JSON.parse(readFileSync(file, "utf8")) as TProfile, dirname(file));
  const r = breakdown(profile, Number(seconds ?? 10), from === undefined ? undefined : Number(from));
  console.log(`busiest ${seconds ?? 10} s from ${r.fromS.toFixed(1)} s: ${r.busyMs.toFixed(0)} ms busy`);
  for (const [k, v] of r.rows) console.log(`  ${(v * 100).toFixed(1).padStart(5)} %  ${k}`);
  // --functions=N: the N functions of most self time, then of ours (server/, games/) the N of most inclusive time
  const top = Number(flags.find((f) => f.startsWith("--functions"))?.split("=")[1] ?? (flags.includes("--functions") ? 30 : 0));
  if (top > 0) {
    const fns = functionTimes(profile, Number(seconds ?? 10), r.fromS);
    const pct = (v: number) => `${(v * 100).toFixed(2).padStart(6)} %`;
    console.log(`\nself time, top ${top}:`);
    for (const f of [...fns].sort((a, b) => b.self - a.self).slice(0, top)) console.log(`  ${pct(f.self)}  ${f.name}`);
    console.log(`\ninclusive time of our code (server/, games/), top ${top}:`);
    for (const f of fns.filter((x) => /(^| )(server|games)\//.test(x.name)).sort((a, b) => b.inclusive - a.inclusive).slice(0, top)) console.log(`  ${pct(f.inclusive)}  ${f.name}`);
  }
}
