import type { TProcessSample } from "./scrape";

/** One window of the soak: its traffic, latencies, and the processes and database at its end. */
export type TSoakWindow = {
  minute: number;
  seconds: number;
  requests: number;
  errors: number;
  firstError: string | null;
  sessions: number;
  moves: number;
  latency: Record<string, { n: number; p50: number; p99: number }>;
  playerP99: number;
  web: TProcessSample & { heapFloor: number };
  worker: TProcessSample & { heapFloor: number };
  dbConnections: number;
  cpuPerRequest: string;
  cpuShares: string;
  delivered: number;
};

export type TSoakResult = {
  minutes: number;
  windowMinutes: number;
  concurrency: number;
  playersPerProject: number;
  games: readonly string[];
  capacity: { rate: number; p99: number; errors: number; sessions: number; moves: number; requests: number };
  steps: Array<{ share: number; rate: number; achieved: number; p99: number; errors: number }>;
  sustainable: { rate: number; achieved: number; p99: number } | null;
  soakRate: number;
  windows: TSoakWindow[];
  outbox: { claims: number; delivered: number; queued: number; dead: number };
  received: number;
  repeats: number;
};

/** A person's pace, for turning requests/s into players: seconds per move, and seconds per visit spent outside moves. */
export const HUMAN = { secondsPerMove: 3, secondsPerVisitBesideMoves: 30 };

const MiB = (b: number) => `${Math.round(b / 2 ** 20)} MiB`;
const n = (x: number) => Math.round(x).toLocaleString("en");

/** Growth of `key` from the first window to the last, as a ratio (1 = flat). */
function growth(windows: TSoakWindow[], pick: (w: TSoakWindow) => number): number {
  const first = windows[0];
  const last = windows.at(-1);
  return first && last && pick(first) > 0 ? pick(last) / pick(first) : 1;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * The verdicts: memory (RSS and the heap's floor of each process within 10 % of the first window
 * at the last), the player requests' p99 (the median of the second half's windows within 1.25 ×
 * the first half's: a trend, not one window's luck — the first, on fresh tables, is the fastest),
 * errors (none), and deliveries (every claim delivered once, none dead or queued).
 */
export function soakVerdicts(r: TSoakResult) {
  const memory = (["web", "worker"] as const).flatMap((who) => [
    { what: `${who} RSS`, ratio: growth(r.windows, (w) => w[who].rss) },
    { what: `${who} heap (floor)`, ratio: growth(r.windows, (w) => w[who].heapFloor) },
  ]);
  const half = Math.floor(r.windows.length / 2);
  const early = median(r.windows.slice(0, half).map((w) => w.playerP99));
  const p99 = half > 0 && early > 0 ? median(r.windows.slice(r.windows.length - half).map((w) => w.playerP99)) / early : 1;
  const errors = r.windows.reduce((k, w) => k + w.errors, 0);
  const deliveries = r.outbox.claims > 0 && r.outbox.delivered === r.outbox.claims && r.outbox.queued === 0 && r.outbox.dead === 0 && r.repeats === 0;
  return {
    memory: memory.map((m) => ({ ...m, met: m.ratio <= 1.1 })),
    p99: { ratio: p99, met: p99 <= 1.25 },
    errors: { count: errors, met: errors === 0 },
    deliveries: { met: deliveries },
  };
}

/** Concurrent players one machine serves at `rate` requests/s, with the soak's measured visit and a person's pace. */
export function playersAt(rate: number, requestsPerVisit: number, movesPerVisit: number): { perPlayer: number; players: number; visitSeconds: number } {
  const visitSeconds = movesPerVisit * HUMAN.secondsPerMove + HUMAN.secondsPerVisitBesideMoves;
  const perPlayer = requestsPerVisit / visitSeconds;
  return { perPlayer, players: perPlayer > 0 ? rate / perPlayer : 0, visitSeconds };
}

export function soakReport(r: TSoakResult): string[] {
  const out: string[] = [];
  const met = (ok: boolean) => (ok ? "MET" : "NOT MET");
  out.push(`scenario: soak (${r.games.join(", ")}; ${r.playersPerProject} verified players per game, ${r.concurrency} visits in flight; real worker; receiver on this machine)`);
  out.push(`  capacity of the mix, unpaced: ${r.capacity.rate.toFixed(0)} requests/s, player p99 ${r.capacity.p99} ms, errors ${r.capacity.errors}`);
  for (const s of r.steps) out.push(`  paced at ${(100 * s.share).toFixed(0)} % (${s.rate.toFixed(0)}/s): achieved ${s.achieved.toFixed(0)}/s, player p99 ${s.p99} ms, errors ${s.errors}`);
  const all = r.windows.reduce((a, w) => ({ requests: a.requests + w.requests, sessions: a.sessions + w.sessions, moves: a.moves + w.moves }), { requests: 0, sessions: 0, moves: 0 });
  out.push(`  soak: ${r.minutes} min paced at ${r.soakRate.toFixed(0)} requests/s (half the capacity), reported every ${r.windowMinutes} min:`);
  for (const w of r.windows) {
    const lat = Object.entries(w.latency).map(([a, l]) => `${a} ${l.p50}/${l.p99}`).join(" · ");
    out.push(`  ${String(w.minute).padStart(3)} min: ${(w.requests / w.seconds).toFixed(0)} requests/s (n=${n(w.requests)}, ${n(w.sessions)} visits), errors ${w.errors}${w.firstError ? ` (first: ${w.firstError})` : ""}; player p99 ${w.playerP99} ms`);
    out.push(`      p50/p99 ms: ${lat}`);
    const proc = (p: TSoakWindow["web"]) => `RSS ${MiB(p.rss)}, heap ${MiB(p.heapUsed)} (floor ${MiB(p.heapFloor)}), handles ${p.handles}, pool ${p.poolTotal} (waiting ${p.poolWaiting})`;
    out.push(`      web ${proc(w.web)}; worker ${proc(w.worker)}`);
    out.push(`      database connections ${w.dbConnections}; jobs waiting ${w.worker.queueWaiting}; outbox queued ${w.worker.outboxQueued}; webhooks received so far ${n(w.delivered)}`);
    out.push(`      ${w.cpuPerRequest}`);
    out.push(`      ${w.cpuShares}`);
  }
  const v = soakVerdicts(r);
  for (const m of v.memory) out.push(`  ${m.what}: last window / first ${m.ratio.toFixed(2)} (target ≤ 1.10) ${met(m.met)}`);
  out.push(`  player p99: median of the second half's windows / the first half's ${v.p99.ratio.toFixed(2)} (target ≤ 1.25) ${met(v.p99.met)}; by window ${r.windows.map((w) => w.playerP99).join(", ")} ms`);
  out.push(`  errors: ${v.errors.count} (target 0) ${met(v.errors.met)}`);
  out.push(`  deliveries: ${n(r.outbox.claims)} claims, ${n(r.outbox.delivered)} delivered, ${r.outbox.queued} queued, ${r.outbox.dead} dead; receiver saw ${n(r.received)} webhooks, ${r.repeats} repeated ${met(v.deliveries.met)}`);
  if (all.sessions > 0) {
    const perVisit = all.requests / all.sessions;
    const moves = all.moves / all.sessions;
    const rate = r.sustainable?.achieved ?? 0;
    const p = playersAt(rate, perVisit, moves);
    out.push(`  a visit: ${perVisit.toFixed(1)} requests (${moves.toFixed(1)} moves); at a person's pace (a move every ${HUMAN.secondsPerMove} s, ${HUMAN.secondsPerVisitBesideMoves} s in the lobby, end screen and wheel) it lasts ${p.visitSeconds.toFixed(0)} s: ${p.perPlayer.toFixed(2)} requests/s per player`);
    out.push(
      r.sustainable
        ? `  sustainable mixed rate at player p99 ≤ 50 ms: ${rate.toFixed(0)} requests/s (p99 ${r.sustainable.p99} ms) = ${n(p.players)} players playing at once on this 2-vCPU machine (web, worker, PostgreSQL, Redis and the load generator on the same cores)`
        : "  sustainable mixed rate at player p99 ≤ 50 ms: none of the steps (even half the capacity had p99 > 50 ms or errors)",
    );
  }
  return out;
}
