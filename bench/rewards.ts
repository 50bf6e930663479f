import http from "node:http";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { suggestCommand } from "@/games/bots";
import { webhookDeliveryLane } from "@/server/jobs/definitions";
import { WAKE_CHANNEL } from "@/server/jobs/wake";
import { benchAdmin, json, phaseClock } from "./lib";

/**
 * The rewards scenario: verified players win match3 levels in a rewards project whose campaign
 * points at a receiver this process runs. It measures (1) the winning command's latency with a
 * claim against the same in a free-play project (no claim), (2) claim → first attempt: from the
 * winning command's response to the receiver seeing the webhook, and (3) sustained deliveries/s:
 * a backlog of outbox rows drained by the worker into the fast receiver.
 */
type TWin = { runId: string; respondedAt: number; ms: number };
/** The middle value (the upper of the two middle ones for an even count), 0 for none: a verdict over the half-load pairs. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 10) / 10 : 0;
};

/** A fast receiver: answers 200 at once and notes when each run's webhook arrived. */
export async function startFastReceiver(port: number) {
  const arrivals = new Map<string, number>();
  let count = 0;
  let repeats = 0; // a run's webhook arriving again
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      count++;
      const at = Date.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { run_id?: string };
        if (body.run_id && !arrivals.has(body.run_id)) arrivals.set(body.run_id, at);
        else if (body.run_id) repeats++;
      } catch {
        /* counted anyway */
      }
      res.writeHead(200).end("ok");
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${port}/hooks`, arrivals, count: () => count, repeats: () => repeats, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** An admin with a rewards (or free-play) project playing match3, a campaign for every first win, and a key. */
export async function setupRewardsProject(base: string, opts: { rewards: boolean; receiverUrl: string; sharedAddress?: boolean }) {
  const auth = await benchAdmin(base);
  const project = await json(base, "POST", "/v1/admin/projects", { name: "bench rewards", allowed_origins: [] }, auth);
  const id = project.body.project_id as string;
  await json(base, "PATCH", `/v1/admin/projects/${id}`, { play_mechanic: "match3_v1", game_mode: opts.rewards ? "rewards" : "free_play", webhook_url: opts.receiverUrl }, auth);
  // Bench bots play faster than people: the pace rule would hold every claim.
  // With `sharedAddress` the players share one address, which would hold every claim too.
  const off = { enabled: false };
  await json(base, "PUT", `/v1/admin/projects/${id}/fraud-rules`, { rules: { command_pace: off, claim_velocity: off, ...(opts.sharedAddress ? { shared_address: off } : {}) } }, auth);
  const campaign = await json(base, "POST", `/v1/admin/projects/${id}/campaigns`, { name: "Every first win", trigger_type: "game_won", reward_type: "points", reward_metadata: { amount: 10 }, max_per_user: 1000 }, auth);
  if (campaign.status !== 200) throw new Error(`campaign: ${JSON.stringify(campaign.body)}`);
  const key = await json(base, "POST", `/v1/admin/projects/${id}/api-keys`, { name: "bench", scopes: ["session:issue"] }, auth);
  return { projectId: id, key: key.body.secret as string };
}

/**
 * Players play match3 levels to their end for `seconds`; every winning command is recorded. Each
 * player plays from an address of its own, or all from `address`. With
 * `ratePerSecond` the commands are paced to that rate (all workers together), and the workers
 * play `warmSeconds` untimed first (default 2 when paced), so the timed part starts in the
 * steady state it measures.
 */
export async function driveWins(opts: { base: string; projectId: string; key: string; players: number; concurrency: number; seconds: number; ratePerSecond?: number; warmSeconds?: number; onTimed?: () => void; address?: string }) {
  const { base } = opts;
  const origin = base.replace("127.0.0.1", "localhost");
  const players: Array<{ token: string; ip: string }> = [];
  for (let i = 0; i < opts.players; i++) {
    const ip = `10.8.${i >> 8}.${i & 255}`;
    const s = await json(base, "POST", "/v1/server/session-token", { project_id: opts.projectId, external_user_id: `winner-${i}-${randomUUID().slice(0, 6)}`, ttl_seconds: 3600 }, { authorization: `Bearer ${opts.key}`, "x-forwarded-for": ip });
    if (s.status !== 200) throw new Error(`session token: ${s.status} ${JSON.stringify(s.body)}`);
    players.push({ token: s.body.session_token, ip: opts.address ?? ip }); // plays from its own address, unless all share one
  }
  const wins: TWin[] = [];
  const commandMs: number[] = [];
  let errors = 0;
  let next = 0;
  /** As the play phase counts them (bench/play.ts): start attempts of the timed part, and its starts and commands answered 429. */
  let starts = 0;
  const limited = { starts: 0, commands: 0 };
  const clock = phaseClock(opts);
  const { interval, going } = clock;
  const worker = async () => {
    // Paced workers that start together stay in step: their wins and next starts would arrive in
    // bursts once per run. Each starts at a random point of the first ~9 moves' time, untimed.
    if (interval && clock.warmMs > 0) await new Promise((r) => setTimeout(r, Math.random() * Math.min(interval * 9, clock.warmMs / 2)));
    while (going()) {
      const p = players[next++ % players.length]!;
      const headers = { authorization: `Bearer ${p.token}`, origin, "x-forwarded-for": p.ip };
      const startTimed = clock.timed();
      if (startTimed) starts++;
      const start = await json(base, "POST", "/v1/game-runs", { start_id: randomUUID(), intent: "next", replace_active: true }, headers);
      if (start.status !== 200) {
        if (start.status === 429 && startTimed) limited.starts++;
        if (errors++ === 0) console.error(`first rewards error (run start): ${start.status} ${JSON.stringify(start.body)}`);
        continue;
      }
      let view = start.body.view;
      let sequence = start.body.sequence;
      while (going()) {
        const cmd = suggestCommand("match3_v1", view);
        if (!cmd) break;
        const counted = clock.timed();
        const t0 = performance.now();
        const res = await json(base, "POST", `/v1/game-runs/${start.body.run_id}/commands`, { command_id: randomUUID(), sequence: sequence + 1, ...cmd }, headers);
        const ms = performance.now() - t0;
        if (res.status !== 200) {
          if (res.status === 429 && counted) limited.commands++;
          if (errors++ === 0) console.error(`first rewards error (command): ${res.status} ${JSON.stringify(res.body)}`);
          break;
        }
        if (counted) commandMs.push(ms);
        sequence = res.body.sequence;
        view = res.body.view;
        if (counted && res.body.status === "won") wins.push({ runId: start.body.run_id, respondedAt: Date.now(), ms });
        if (res.body.status !== "active") break;
        await clock.pace(ms);
      }
    }
  };
  const workers = Array.from({ length: opts.concurrency }, worker);
  await clock.begin(opts.onTimed); // the caller's meters start here, after the players' sign-ins and the warm-up
  await Promise.all(workers);
  return { wins, commandMs, errors, starts, limited };
}

/**
 * Sustained delivery rate: `count` outbox rows (copies of a real delivery) are inserted at once,
 * due now, and the workers woken as the service does after a commit; they drain them into the
 * fast receiver. Answers deliveries/s.
 */
export async function drainBacklog(opts: { databaseUrl: string; projectId: string; count: number; receivedBefore: () => number }) {
  const c = new pg.Client({ connectionString: opts.databaseUrl });
  await c.connect();
  const template = (await c.query("SELECT payload, target_url FROM webhook_delivery WHERE project_id = $1 LIMIT 1", [opts.projectId])).rows[0];
  const ids = Array.from({ length: opts.count }, () => randomUUID());
  await c.query(
    `INSERT INTO webhook_delivery (id, project_id, kind, target_url, payload, idempotency_key, status, next_attempt_at, created_at, updated_at)
     SELECT id, $2, 'reward.eligible', $3, $4::jsonb, 'bench:' || id, 'queued', now(), now(), now() FROM unnest($1::uuid[]) AS id`,
    [ids, opts.projectId, template.target_url, JSON.stringify(template.payload)],
  );
  const before = opts.receivedBefore();
  const started = Date.now();
  await c.query("SELECT pg_notify($1, $2)", [WAKE_CHANNEL, webhookDeliveryLane.name]); // as the service does after each commit that writes deliveries
  let delivered = 0;
  while (Date.now() - started < 120_000) {
    delivered = (await c.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_delivery WHERE id = ANY($1) AND status = 'delivered'", [ids])).rows[0]!.n;
    if (delivered >= ids.length) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (Date.now() - started) / 1000;
  await c.end();
  return { delivered, seconds, perSecond: delivered / seconds, received: opts.receivedBefore() - before };
}

export function winStats(label: string, wins: TWin[], commandMs: number[]) {
  const ms = wins.map((w) => w.ms);
  return `${label.padEnd(34)} wins ${String(wins.length).padStart(5)}   winning command p50 ${pct(ms, 0.5)} ms  p95 ${pct(ms, 0.95)} ms  p99 ${pct(ms, 0.99)} ms   all commands p50 ${pct(commandMs, 0.5)} ms  (n=${commandMs.length})`;
}

export function claimToAttempt(wins: TWin[], arrivals: Map<string, number>) {
  const lat = wins.flatMap((w) => (arrivals.has(w.runId) ? [arrivals.get(w.runId)! - w.respondedAt] : []));
  return { n: lat.length, missing: wins.length - lat.length, p50: pct(lat, 0.5), p95: pct(lat, 0.95), max: pct(lat, 1) };
}

export { pct };

/** Up to `count` players of the project who have a claim, each with the address hash of their latest run. */
export async function rewardsPlayers(databaseUrl: string, projectId: string, count: number): Promise<Array<{ externalUserId: string; clientIpHash: string | null }>> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ external_user_id: string; client_ip_hash: string | null }>(
      `SELECT p.external_user_id, (SELECT r.client_ip_hash FROM game_run r WHERE r.project_id = $1 AND r.external_user_id = p.external_user_id ORDER BY r.started_at DESC LIMIT 1) AS client_ip_hash
         FROM (SELECT DISTINCT external_user_id FROM reward_claim WHERE project_id = $1 ORDER BY external_user_id LIMIT $2) p`,
      [projectId, count],
    );
    return rows.map((r) => ({ externalUserId: r.external_user_id, clientIpHash: r.client_ip_hash }));
  } finally {
    await c.end();
  }
}

/** The parties whose CPU the rewards phases meter. */
const CLAIM_COST_PARTIES = ["postgres", "worker", "web", "redis", "bench"] as const;
type TParty = (typeof CLAIM_COST_PARTIES)[number];
type TPhaseCpu = { seconds: (k: TParty) => number; commands: number };

/**
 * What a win with a claim costs the machine beyond a free-play win, per party, in ms of CPU: the
 * claims phase's CPU per command beyond free play's at the same rate (a half-load pair), times
 * the claims phase's commands, over its wins (each made a claim). Per command first, so that the
 * two phases' slightly different command counts do not count as a cost.
 */
export function claimCost(without: TPhaseCpu, withClaims: TPhaseCpu & { wins: number }): Record<TParty, number> {
  const per = (p: TPhaseCpu, k: TParty) => (p.commands > 0 ? p.seconds(k) / p.commands : 0);
  const cost = {} as Record<TParty, number>;
  for (const k of CLAIM_COST_PARTIES) cost[k] = withClaims.wins > 0 ? (1000 * (per(withClaims, k) - per(without, k)) * withClaims.commands) / withClaims.wins : 0;
  return cost;
}

/** The line for the half-load pairs' claim costs: each party's median over the pairs, and the median of the pairs' sums. */
export function claimCostLine(pairs: Record<TParty, number>[]): string {
  const label: Record<TParty, string> = { postgres: "PostgreSQL", worker: "worker", web: "web", redis: "Redis", bench: "load generator and receiver" };
  const medians = CLAIM_COST_PARTIES.map((k) => [k, median(pairs.map((p) => p[k]))] as const);
  const total = median(pairs.map((p) => CLAIM_COST_PARTIES.reduce((n, k) => n + p[k], 0)));
  return `what a win with a claim adds to the machine's CPU at half load, beyond a free-play win (median of ${pairs.length} pairs): ${medians.map(([k, ms]) => `${label[k]} ${ms.toFixed(2)} ms`).join(", ")}; ${total.toFixed(2)} ms in all`;
}

/**
 * The half-load pairs' winning commands pooled, with a claim and without. One pair's p99 is its
 * ~9th-slowest win of ~900, and a single stall of the shared machine moves it (pairs of one run
 * read 18 and 62.8 ms); pooled, the p99 rests on all the pairs' wins, and free play's beside it is
 * the machine's own tail in the same pairs: what a claim adds at the tail is the gap between the two.
 */
export function pooledTailLine(pairs: Array<{ claims: number[]; free: number[] }>): string {
  const claims = pairs.flatMap((p) => p.claims);
  const free = pairs.flatMap((p) => p.free);
  return `winning command at half load, the ${pairs.length} ${pairs.length === 1 ? "pair's" : "pairs'"} wins pooled: with a claim p99 ${pct(claims, 0.99)} ms (n=${claims.length}); free play's, the machine's own tail in the same pairs, p99 ${pct(free, 0.99)} ms (n=${free.length})`;
}
