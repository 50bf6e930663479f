import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { suggestCommand } from "@/games/bots";
import type { TMechanicId } from "@/games/manifests";
import { mechanicIds } from "@/games/registry";
import { BENCH_ECONOMY, publishBenchWheel } from "./economy";
import { benchAdmin, cpuMeter, json, send } from "./lib";
import { pct } from "./rewards";
import { scrapeProcess, type TProcessSample } from "./scrape";
import { soakReport, type TSoakWindow } from "./soak-report";

/**
 * The soak (`BENCH_SCENARIOS=soak`, on demand, not in CI): a realistic mix of player sessions on
 * all three games for BENCH_SOAK_MINUTES (default 30) at half of the mix's measured capacity,
 * reported per BENCH_SOAK_WINDOW minutes (default 5). A session is what one visit of a player
 * sends: the lobby, a booster bought one visit in three (match3), a run of the project's game
 * played to its end by the reference bot (a win makes a claim, whose webhook goes to a receiver on
 * this machine through the real worker), a daily-wheel spin one visit in two (match3), and a
 * business event from the integrator's server. An admin reads analytics every few seconds.
 *
 * Before the soak: the mix's capacity (unpaced, 32 sessions in flight) and the sustainable rate —
 * the highest of a few paced steps whose player requests answer with p99 ≤ 50 ms.
 */
export type TSoakAction = "lobby" | "start" | "move" | "spend" | "spin" | "event" | "analytics";
export const PLAYER_ACTIONS: TSoakAction[] = ["lobby", "start", "move", "spend", "spin", "event"];

type TProject = { projectId: string; mechanic: TMechanicId; key: string; eventsKey: string; wheelVersion: number | null; auth: { authorization: string } };
type TPlayer = { project: TProject; externalUserId: string; ip: string; token: string; issuedAt: number };

/** Where the phase's requests are counted: latencies per action, errors, sessions and moves. */
class Tally {
  samples = new Map<TSoakAction, number[]>();
  errors = 0;
  firstError: string | null = null;
  sessions = 0;
  moves = 0;
  add(action: TSoakAction, ms: number, status: number, text: string) {
    if (status !== 200) {
      this.errors++;
      this.firstError ??= `${action} ${status} ${text.slice(0, 200)}`;
      return;
    }
    let xs = this.samples.get(action);
    if (!xs) this.samples.set(action, (xs = []));
    xs.push(ms);
  }
  count(actions: readonly TSoakAction[] = [...this.samples.keys()]): number {
    return actions.reduce((n, a) => n + (this.samples.get(a)?.length ?? 0), 0);
  }
  pooled(actions: readonly TSoakAction[]): number[] {
    return actions.flatMap((a) => this.samples.get(a) ?? []);
  }
}

/** A project of the soak: its game, rewards mode with a campaign for every win, webhooks to the receiver; match3's also has the economy and a wheel. */
async function setupProject(base: string, mechanic: TMechanicId, receiverUrl: string): Promise<TProject> {
  const auth = await benchAdmin(base);
  const created = await json(base, "POST", "/v1/admin/projects", { name: `soak ${mechanic}`, allowed_origins: [] }, auth);
  const id = created.body.project_id as string;
  const must = (what: string, r: { status: number; body: unknown }) => {
    if (r.status !== 200) throw new Error(`soak setup, ${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Record<string, any>;
  };
  must("project", await json(base, "PATCH", `/v1/admin/projects/${id}`, { play_mechanic: mechanic, game_mode: "rewards", webhook_url: receiverUrl }, auth));
  // Bots play faster than people: the pace and velocity rules would hold every claim.
  must("fraud rules", await json(base, "PUT", `/v1/admin/projects/${id}/fraud-rules`, { rules: { command_pace: { enabled: false }, claim_velocity: { enabled: false } } }, auth));
  must("campaign", await json(base, "POST", `/v1/admin/projects/${id}/campaigns`, { name: "Every win", trigger_type: "game_won", reward_type: "points", reward_metadata: { amount: 10 }, max_per_user: 1000 }, auth));
  let wheelVersion: number | null = null;
  if (mechanic === "match3_v1") {
    must("economy", await json(base, "PATCH", `/v1/admin/projects/${id}/economy`, { economy_config: BENCH_ECONOMY }, auth));
    wheelVersion = await publishBenchWheel(base, id, auth);
  }
  const key = must("session key", await json(base, "POST", `/v1/admin/projects/${id}/api-keys`, { name: "soak sessions", scopes: ["session:issue"] }, auth));
  const eventsKey = must("events key", await json(base, "POST", `/v1/admin/projects/${id}/api-keys`, { name: "soak events", scopes: ["events:write"] }, auth));
  return { projectId: id, mechanic, key: key.secret, eventsKey: eventsKey.secret, wheelVersion, auth };
}

async function issue(base: string, p: TPlayer): Promise<void> {
  const s = await json(base, "POST", "/v1/server/session-token", { project_id: p.project.projectId, external_user_id: p.externalUserId, ttl_seconds: 3600 }, { authorization: `Bearer ${p.project.key}`, "x-forwarded-for": p.ip });
  if (s.status !== 200) throw new Error(`session token: ${s.status} ${JSON.stringify(s.body)}`);
  p.token = s.body.session_token;
  p.issuedAt = Date.now();
}

/** Drives sessions: `concurrency` in flight over the players, each paced to its share of `rate` requests/s (unpaced without). */
class Driver {
  private next = 0;
  tally = new Tally();
  constructor(private base: string, private players: TPlayer[]) {}

  async phase(o: { seconds: number; concurrency: number; rate?: number; tick?: { everyMs: number; run: (tally: Tally) => Promise<void> } }): Promise<Tally> {
    const interval = o.rate ? (1000 * o.concurrency) / o.rate : 0;
    const deadline = Date.now() + o.seconds * 1000;
    this.tally = new Tally();
    const going = () => Date.now() < deadline;
    const worker = async () => {
      if (interval) await new Promise((r) => setTimeout(r, Math.random() * interval)); // spread over the period
      while (going()) await this.session(interval, going);
    };
    const ticks = o.tick ? this.ticker(o.tick.everyMs, deadline, o.tick.run) : Promise.resolve();
    await Promise.all([...Array.from({ length: o.concurrency }, worker), ticks]);
    return this.tally;
  }

  private async ticker(everyMs: number, deadline: number, run: (tally: Tally) => Promise<void>) {
    for (let at = Date.now() + everyMs; at <= deadline + 50; at += everyMs) {
      await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
      const done = this.tally;
      this.tally = new Tally(); // the next window starts now; requests in flight land in it
      await run(done);
    }
  }

  private async session(interval: number, going: () => boolean) {
    const p = this.players[this.next++ % this.players.length]!;
    if (Date.now() - p.issuedAt > 50 * 60_000) await issue(this.base, p); // tokens live an hour
    const origin = this.base.replace("127.0.0.1", "localhost");
    const headers = { authorization: `Bearer ${p.token}`, origin, "x-forwarded-for": p.ip, "content-type": "application/json" };
    const call = async (action: TSoakAction, method: string, path: string, body?: unknown, h: Record<string, string> = headers) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const t0 = performance.now();
      const res = await send(this.base + path, method, payload === undefined ? h : { ...h, "content-length": Buffer.byteLength(payload) }, payload).catch((e: Error) => ({ status: 0, text: e.message }));
      const ms = performance.now() - t0;
      this.tally.add(action, ms, res.status, res.text);
      if (interval > ms) await new Promise((r) => setTimeout(r, interval - ms));
      return res.status === 200 ? JSON.parse(res.text) : null;
    };
    this.tally.sessions++;
    await call("lobby", "GET", "/v1/lobby");
    const { wheelVersion } = p.project;
    if (wheelVersion !== null && Math.random() < 1 / 3) await call("spend", "POST", "/v1/economy/spend", { booster_id: "bench_shuffle", idempotency_key: randomUUID() });
    const run = await call("start", "POST", "/v1/game-runs", { start_id: randomUUID(), intent: "next", replace_active: true });
    if (run) {
      let { view, sequence } = run;
      while (going()) {
        const cmd = suggestCommand(run.mechanic, view);
        if (!cmd) break;
        const res = await call("move", "POST", `/v1/game-runs/${run.run_id}/commands`, { command_id: randomUUID(), sequence: sequence + 1, ...cmd });
        if (!res) break;
        this.tally.moves++;
        ({ view, sequence } = res);
        if (res.status !== "active") break;
      }
    }
    if (wheelVersion !== null && Math.random() < 1 / 2) await call("spin", "POST", "/v1/wheel/spins", { spin_id: randomUUID(), wheel_id: "daily", wheel_version: wheelVersion, source: "soak" });
    const event = { project_id: p.project.projectId, external_user_id: p.externalUserId, type: "product_click", payload: { sku: `sku-${this.next % 500}` } };
    await call("event", "POST", "/v1/server/business-events", event, { authorization: `Bearer ${p.project.eventsKey}`, "idempotency-key": randomUUID(), "content-type": "application/json" });
  }

  /** An admin reading the match3 project's analytics every `everyMs` until `going()` ends. */
  async admin(project: TProject, everyMs: number, going: () => boolean) {
    const routes = ["analytics/overview", "analytics/funnel?day_n=7", "events?limit=50", "players"];
    for (let i = 0; going(); i++) {
      const t0 = performance.now();
      const res = await send(`${this.base}/v1/admin/projects/${project.projectId}/${routes[i % routes.length]}`, "GET", project.auth).catch((e: Error) => ({ status: 0, text: e.message }));
      this.tally.add("analytics", performance.now() - t0, res.status, res.text);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}

/** The open connections to the bench's database, as PostgreSQL counts them. */
async function databaseConnections(c: pg.Client, database: string): Promise<number> {
  return (await c.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [database])).rows[0]!.n;
}

export async function soakScenario(o: {
  base: string; databaseUrl: string; api: ChildProcess; worker: ChildProcess; workerUrl: string; metricsToken: string;
  receiver: { url: string; count: () => number; repeats: () => number };
  /** Autovacuum's stand-in (bench/maintenance.ts): this server runs with autovacuum off. */
  maintain: () => Promise<unknown>;
}): Promise<string[]> {
  const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
  const windowMinutes = Number(process.env.BENCH_SOAK_WINDOW ?? 5);
  const probeSeconds = Number(process.env.BENCH_SOAK_PROBE_SECONDS ?? 60);
  const perProject = Number(process.env.BENCH_SOAK_PLAYERS ?? 600);
  const concurrency = 32;
  const projects: TProject[] = [];
  for (const m of mechanicIds) projects.push(await setupProject(o.base, m, o.receiver.url));
  const players: TPlayer[] = [];
  for (const [j, project] of projects.entries()) {
    for (let i = 0; i < perProject; i++) {
      const p: TPlayer = { project, externalUserId: `soak-${j}-${i}`, ip: `10.${20 + j}.${i >> 8}.${i & 255}`, token: "", issuedAt: 0 };
      await issue(o.base, p);
      players.push(p);
    }
  }
  const driver = new Driver(o.base, players);
  const player = (t: Tally) => t.pooled(PLAYER_ACTIONS);
  await driver.phase({ seconds: 20, concurrency: 8 }); // warm-up
  const capacity = await driver.phase({ seconds: probeSeconds, concurrency });
  const capacityRate = capacity.count() / probeSeconds;
  // The sustainable rate: paced steps up from half the capacity; the highest whose player requests' p99 ≤ 50 ms, with every step below it meeting that too.
  const steps: Array<{ share: number; rate: number; achieved: number; p99: number; errors: number }> = [];
  for (const share of [0.5, 0.65, 0.8]) {
    const rate = capacityRate * share;
    const t = await driver.phase({ seconds: probeSeconds, concurrency, rate });
    steps.push({ share, rate, achieved: t.count() / probeSeconds, p99: pct(player(t), 0.99), errors: t.errors });
  }
  // The steps up to the first that misses (a later one that meets it again was the machine's luck).
  const firstMiss = steps.findIndex((s) => s.p99 > 50 || s.errors > 0);
  const sustainable = (firstMiss === -1 ? steps : steps.slice(0, firstMiss)).at(-1) ?? null;

  // The soak, at half the capacity, reported per window.
  const c = new pg.Client({ connectionString: o.databaseUrl });
  await c.connect();
  const dbName = new URL(o.databaseUrl).pathname.slice(1);
  const parties = { web: o.api.pid!, worker: o.worker.pid! };
  const windows: TSoakWindow[] = [];
  const procs = { web: `${o.base}/metrics`, worker: `${o.workerUrl}/metrics` };
  // Heap is sampled every 15 s: a window's floor (the lowest used heap, just after a collection) says whether live data grows.
  let heapFloor = { web: Infinity, worker: Infinity };
  let cpu = cpuMeter(parties);
  let windowStart = Date.now();
  const soakRate = capacityRate / 2;
  const windowMs = windowMinutes * 60_000;
  const soakEnds = Date.now() + minutes * 60_000;
  const sampler = (async () => {
    while (Date.now() < soakEnds) {
      await new Promise((r) => setTimeout(r, 15_000));
      for (const who of ["web", "worker"] as const) {
        const s = await scrapeProcess(procs[who], o.metricsToken).catch(() => null);
        if (s) heapFloor[who] = Math.min(heapFloor[who], s.heapUsed);
      }
    }
  })();
  const admin = driver.admin(projects[0]!, 3000, () => Date.now() < soakEnds);
  // What autovacuum does on a normal server, every minute as its naptime: without it, a soak
  // measures a database that never vacuums (the first run's PostgreSQL CPU per request went from
  // 427 to 680 µs over 30 minutes).
  const maintenance = (async () => {
    while (Date.now() < soakEnds - 60_000) {
      await new Promise((r) => setTimeout(r, 60_000));
      await o.maintain();
    }
  })();
  await driver.phase({
    seconds: minutes * 60, concurrency, rate: soakRate,
    tick: {
      everyMs: windowMs,
      run: async (t) => {
        cpu.stop();
        const seconds = (Date.now() - windowStart) / 1000;
        const [web, worker] = (await Promise.all([scrapeProcess(procs.web, o.metricsToken), scrapeProcess(procs.worker, o.metricsToken)])) as [TProcessSample, TProcessSample];
        windows.push({
          minute: Math.round((windows.length + 1) * windowMinutes), seconds, requests: t.count(), errors: t.errors, firstError: t.firstError,
          sessions: t.sessions, moves: t.moves,
          latency: Object.fromEntries([...t.samples].map(([a, xs]) => [a, { n: xs.length, p50: pct(xs, 0.5), p99: pct(xs, 0.99) }])),
          playerP99: pct(player(t), 0.99),
          web: { ...web, heapFloor: Math.min(heapFloor.web, web.heapUsed) }, worker: { ...worker, heapFloor: Math.min(heapFloor.worker, worker.heapUsed) },
          dbConnections: await databaseConnections(c, dbName),
          cpuPerRequest: cpu.perRequest(t.count()),
          cpuShares: cpu.stop(),
          delivered: o.receiver.count(),
        });
        heapFloor = { web: Infinity, worker: Infinity };
        cpu = cpuMeter(parties);
        windowStart = Date.now();
      },
    },
  });
  await Promise.all([sampler, admin, maintenance]);
  // Every claim's webhook delivered once: wait for the outbox to drain, then count.
  const ids = projects.map((p) => p.projectId);
  let outbox = { claims: 0, delivered: 0, queued: 0, dead: 0 };
  for (let i = 0; i < 120; i++) {
    const { rows } = await c.query<{ claims: number; delivered: number; queued: number; dead: number }>(
      `SELECT (SELECT count(*)::int FROM reward_claim WHERE project_id = ANY($1)) AS claims,
              count(*) FILTER (WHERE status = 'delivered')::int AS delivered, count(*) FILTER (WHERE status = 'queued')::int AS queued,
              count(*) FILTER (WHERE status = 'dead')::int AS dead
         FROM webhook_delivery WHERE project_id = ANY($1)`,
      [ids],
    );
    outbox = rows[0]!;
    if (outbox.queued === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await c.end();
  return soakReport({
    minutes, windowMinutes, concurrency, playersPerProject: perProject, games: mechanicIds,
    capacity: { rate: capacityRate, p99: pct(player(capacity), 0.99), errors: capacity.errors, sessions: capacity.sessions, moves: capacity.moves, requests: capacity.count() },
    steps, sustainable, soakRate, windows, outbox, received: o.receiver.count(), repeats: o.receiver.repeats(),
  });
}
