/**
 * The figures `bench/compare.ts` compares, read from the text `npm run bench` prints, and the
 * table it prints of them. Pure: no process, no file.
 */

/** One request kind's figures in one run: `play`, `lobby`, `economy/spend`, `economy/spin`, `rewards`. */
export type TFigures = {
  /** Web process CPU per request at full load, µs. */
  web?: number;
  /** PostgreSQL CPU per request at full load, µs. */
  postgres?: number;
  /** Requests per second at full load. */
  rps?: number;
  /** The web process's write system calls per request at full load (sockets and log). */
  writes?: number;
  /** The web process's kernel (system) CPU per request at full load, µs: its share of `web`. */
  kernel?: number;
  /** p99 at half load, ms (a winning command with a claim's, for `rewards`). */
  halfP99?: number;
};

export type TRunFigures = { yardstick?: number; kinds: Map<string, TFigures> };

const YARDSTICK = /machine yardstick \(start\): a bare node:http JSON answer costs its process ([\d.]+) µs/;
const SCENARIO = /^scenario: (\w+)/;
const PHASE = /^\s+API(?: (\w+))?, (max throughput|half load \(paced\))\s+(\d+) \/s .*p99\s+([\d.]+) ms/;
const CPU = /^\s+CPU per request: web (\d+) µs, postgres (\d+) µs/;
const WRITES = /^\s+web process system calls per request: ([\d.]+) writes(?:.*; (\d+) µs of its \d+ µs in the kernel)?/;
const CLAIM_P99 = /winning command with a claim, p99 at half load: median of \d+ pairs ([\d.]+) ms/;

/** The figures of one bench run's output. A CPU line belongs to the max-throughput phase above it. */
export function benchFigures(text: string): TRunFigures {
  const run: TRunFigures = { kinds: new Map() };
  let scenario = "";
  let cpuFor: string | null = null;
  let writesFor: string | null = null;
  const kind = (name: string) => {
    let k = run.kinds.get(name);
    if (!k) run.kinds.set(name, (k = {}));
    return k;
  };
  for (const line of text.split("\n")) {
    const y = YARDSTICK.exec(line);
    if (y) run.yardstick = Number(y[1]);
    const s = SCENARIO.exec(line);
    if (s) {
      scenario = s[1]!;
      cpuFor = writesFor = null;
      continue;
    }
    const p = PHASE.exec(line);
    if (p && scenario) {
      const name = p[1] ? `${scenario}/${p[1]}` : scenario;
      if (p[2] === "max throughput") {
        kind(name).rps = Number(p[3]);
        cpuFor = name;
      } else {
        kind(name).halfP99 = Number(p[4]);
        cpuFor = null;
      }
      continue;
    }
    const c = CPU.exec(line);
    if (c && cpuFor) {
      Object.assign(kind(cpuFor), { web: Number(c[1]), postgres: Number(c[2]) });
      [writesFor, cpuFor] = [cpuFor, null];
      continue;
    }
    const w = WRITES.exec(line);
    if (w && writesFor) {
      kind(writesFor).writes = Number(w[1]);
      if (w[2]) kind(writesFor).kernel = Number(w[2]);
      writesFor = null;
      continue;
    }
    const claim = CLAIM_P99.exec(line);
    if (claim) kind("rewards").halfP99 = Number(claim[1]);
  }
  return run;
}

const METRICS: Array<{ key: keyof TFigures; label: string; lowerIsBetter: boolean }> = [
  { key: "web", label: "web CPU µs", lowerIsBetter: true },
  { key: "postgres", label: "PostgreSQL CPU µs", lowerIsBetter: true },
  { key: "kernel", label: "web kernel CPU µs", lowerIsBetter: true },
  { key: "writes", label: "web write syscalls per request", lowerIsBetter: true },
  { key: "rps", label: "requests/s", lowerIsBetter: false },
  { key: "halfP99", label: "half-load p99 ms", lowerIsBetter: true },
];

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * The comparison as text: per request kind and figure, each side's runs in order and their mean,
 * the change of the mean, and in how many pairs the second side was better. Pairs are the runs of
 * the same index on both sides; a figure missing from a run leaves its pair out.
 */
export function comparisonTable(names: [string, string], runs: [TRunFigures[], TRunFigures[]]): string {
  const [a, b] = runs;
  const lines = [`| request | figure | ${names[0]} | ${names[1]} | change of the mean | ${names[1]} better in |`, "|---|---|---|---|---|---|"];
  const yard = (side: TRunFigures[]) => side.map((r) => r.yardstick?.toFixed(1) ?? "–").join(", ");
  lines.push(`| bare answer | yardstick µs | ${yard(a)} | ${yard(b)} | | |`);
  const kinds = [...new Set([...a, ...b].flatMap((r) => [...r.kinds.keys()]))];
  for (const kind of kinds) {
    for (const m of METRICS) {
      const pairs: Array<[number, number]> = [];
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const x = a[i]!.kinds.get(kind)?.[m.key];
        const y = b[i]!.kinds.get(kind)?.[m.key];
        if (x !== undefined && y !== undefined) pairs.push([x, y]);
      }
      if (pairs.length === 0) continue;
      const xs = pairs.map((p) => p[0]);
      const ys = pairs.map((p) => p[1]);
      const change = ((mean(ys) - mean(xs)) / mean(xs)) * 100;
      const better = pairs.filter(([x, y]) => (m.lowerIsBetter ? y < x : y > x)).length;
      const fmt = (v: number[]) => `${v.join(", ")} (mean ${round(mean(v))})`;
      lines.push(`| ${kind} | ${m.label} | ${fmt(xs)} | ${fmt(ys)} | ${change >= 0 ? "+" : "−"}${Math.abs(change).toFixed(1)} % | ${better} of ${pairs.length} |`);
    }
  }
  return lines.join("\n");
}

function round(v: number): number {
  return v >= 100 ? Math.round(v) : Math.round(v * 10) / 10;
}
