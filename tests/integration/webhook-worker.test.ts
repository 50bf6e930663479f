import { spawn, type ChildProcess } from "node:child_process";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overrideConfig } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { prepareDatabase } from "@/server/db/prepare";
import { closeServices, setupServices } from "@/server/services/setup";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { createCampaign, deliveriesOf, rewardsProject, startReceiver, winLevel } from "../helpers/rewards";
import { scratchDatabase } from "../helpers/scratch-db";
import { startTestServer, type TTestServer } from "../helpers/server";
import { attemptsOf, deliveryRow } from "../helpers/webhooks";

/**
 * The real worker process delivering reward webhooks: fast (woken once the claim's transaction
 * commits, not at a poll), retries taken as they come due (the row is the job), and crash-safe (an attempt cut off by `kill -9` stays in the history, and the delivery is
 * completed by the next worker with the same idempotency key).
 *
 * The workers get a database of their own: a worker on the run's shared database would take the
 * deliveries of every other test file, which call `attemptDelivery` themselves. This file's
 * process is rewired to that database too, so the API, the helpers and the workers all see it.
 */
let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
const workers: ChildProcess[] = [];
/** Each worker's health port (its /metrics too). */
const workerPorts = new Map<ChildProcess, number>();
/** The workers and this file's server answer /metrics to this token (server/metrics/scrape.ts). */
const METRICS_TOKEN = "metrics-token-for-the-worker-test-0123456789";

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** A poll long enough that only a wake-up can deliver within a test (the first worker's). */
const WAKE_ONLY_POLL_MS = 600_000;

/** `node --import tsx jobs/worker.ts` polling every `pollMs`, ready once its /ready answers 200. */
async function startWorker(pollMs = 500): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "jobs/worker.ts"], {
    env: { ...process.env, WORKER_PORT: String(port), WEBHOOK_TIMEOUT_SECONDS: "2", WEBHOOK_POLL_MS: String(pollMs), LOG_LEVEL: "silent", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", METRICS_TOKEN } as NodeJS.ProcessEnv,
    stdio: ["ignore", "ignore", "pipe"],
  });
  workers.push(child);
  workerPorts.set(child, port);
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`worker exited ${child.exitCode}: ${stderr}`);
    const ready = await fetch(`http://127.0.0.1:${port}/ready`).then((r) => r.status, () => 0);
    if (ready === 200) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`worker not ready within 30 s: ${stderr}`);
}

type TFamily = { name: string; type: string; metrics: Array<{ labels?: Record<string, string>; value?: string; count?: string }> };

/**
 * GET /metrics with the token, parsed by an exposition-format parser into families by name (it
 * parses every line; it folds a labelled histogram's series into one, so the histogram's own
 * series are read from the text: `count` gives a series' `_count` sample).
 */
async function scrape(url: string): Promise<Map<string, TFamily> & { text: string; count(name: string, labels: string): number | null }> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  const families = parsePrometheusTextFormat(text) as TFamily[];
  const out = new Map(families.map((f) => [f.name, f])) as Map<string, TFamily> & { text: string; count(name: string, labels: string): number | null };
  out.text = text;
  out.count = (name, labels) => {
    const line = text.split("\n").find((l) => l.startsWith(`${name}_count{${labels}}`));
    return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : null;
  };
  return out;
}

/** The value of the sample of `name` whose labels include `labels` (0 when there is none). */
function sample(families: Map<string, TFamily>, name: string, labels: Record<string, string>): number {
  const m = families.get(name)?.metrics.find((x) => Object.entries(labels).every(([k, v]) => x.labels?.[k] === v));
  return m ? Number(m.value) : 0;
}

/** Polls until `check` holds (a DB row reaching a state), or fails after `ms`. */
async function until<T>(what: string, read: () => Promise<T>, check: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (check(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  scratch = await scratchDatabase("playloop_worker");
  await prepareDatabase(scratch.url);
  await closeServices();
  process.env.DATABASE_URL = scratch.url; // the workers inherit it
  overrideConfig({ databaseUrl: scratch.url });
  await setupServices({ role: "test" });
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  await startWorker(WAKE_ONLY_POLL_MS);
}, 60_000);

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill("SIGKILL");
  await server?.close();
  await closeServices();
  await scratch?.drop();
}, 30_000);

describe("the worker process", () => {
  it("delivers a win when the claim's transaction wakes it, not at its next poll", async () => {
    const rx = await startReceiver(() => 200);
    try {
      const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: rx.url });
      await createCampaign(call, admin, projectId);
      const { response } = await winLevel(call, projectId, key);
      const answeredAt = Date.now();
      expect(response.status).toBe("won");
      // The only worker polls once every 10 minutes: a delivery that arrives at all while
      // this waits came through the wake-up. The latency itself is the bench's to measure.
      await rx.waitFor(1, 20_000);
      console.log(`win → receiver latency through the worker: ${rx.received[0]!.at - answeredAt} ms`);

      const [delivery] = await deliveriesOf(projectId);
      const done = await until("delivery", () => deliveryRow(delivery.id), (d) => d.status === "delivered", 5_000);
      expect(done).toMatchObject({ attempts: 1, last_status: 200, lease_until: null });
      expect(rx.received[0]!.headers["x-legacy-idempotency-key"]).toBe(delivery.idempotency_key);
    } finally {
      await rx.close();
    }
  });

  it("the worker's and the web process's /metrics answer their token only, in the exposition format, with what happened", async () => {
    // the web process (this file's server, in this process): no endpoint without a token
    overrideConfig({ metricsToken: undefined });
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    overrideConfig({ metricsToken: METRICS_TOKEN });
    try {
      // a win whose claim the worker delivers at the first attempt
      const rx = await startReceiver(() => 200);
      try {
        const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: rx.url });
        await createCampaign(call, admin, projectId);
        await winLevel(call, projectId, key);
        await rx.waitFor(1, 20_000);
        const [delivery] = await deliveriesOf(projectId);
        await until("delivery", () => deliveryRow(delivery.id), (d) => d.status === "delivered", 5_000);
      } finally {
        await rx.close();
      }
      expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
      const web = await scrape(`${server.url}/metrics`);
      expect(sample(web, "playloop_reward_claims_total", { status: "deliverable" })).toBeGreaterThanOrEqual(1);
      // a histogram per procedure or route template, never a raw path with ids in it
      expect(web.has("playloop_http_request_duration_seconds")).toBe(true);
      expect(web.count("playloop_http_request_duration_seconds", 'method="POST",route="gameRuns.command",status="200"')).toBeGreaterThanOrEqual(1);
      expect(web.count("playloop_http_request_duration_seconds", 'method="GET",route="/metrics",status="401"')).toBe(1);
      expect(web.text).not.toMatch(/route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}/);
      expect(sample(web, "playloop_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
      // the replay thread's state (none here: this server runs from source, replays on its event loop)
      expect(web.get("playloop_replay_thread")!.metrics.map((m) => m.labels?.measure).sort()).toEqual(["answered", "missed", "started", "up"]);
      // how the wins were checked against their stored commands: the claim above was, one way or another
      const checks = web.get("playloop_win_checks")!.metrics;
      expect(checks.map((m) => m.labels?.way).sort()).toEqual(["ahead_loop", "ahead_thread", "own_state", "transaction"]);
      expect(checks.reduce((n, m) => n + Number(m.value), 0)).toBeGreaterThanOrEqual(1);
    } finally {
      overrideConfig({ metricsToken: undefined });
    }

    // the worker (its own process, started with the token)
    const worker = `http://127.0.0.1:${workerPorts.get(workers[0]!)}/metrics`;
    expect((await fetch(worker)).status).toBe(401);
    expect((await fetch(worker, { headers: { authorization: "Bearer not-the-token-not-the-token-000" } })).status).toBe(401);
    const w = await scrape(worker);
    expect(sample(w, "playloop_webhook_attempts_total", { outcome: "delivered", attempt: "1" })).toBeGreaterThanOrEqual(1);
    expect(w.has("playloop_job_queue_depth")).toBe(true);
    expect(w.has("playloop_job_queue_oldest_seconds")).toBe(true);
    expect(w.get("playloop_webhook_outbox")!.metrics.map((m) => m.labels?.measure).sort()).toEqual(["due", "oldest_due_seconds", "queued"]);
    expect(sample(w, "playloop_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
    for (const name of ["playloop_nodejs_eventloop_lag_seconds", "playloop_process_resident_memory_bytes", "playloop_nodejs_heap_size_used_bytes", "playloop_nodejs_gc_duration_seconds"]) expect(w.has(name), name).toBe(true);
  });

  it("takes a retry when it comes due, from the row alone", async () => {
    // From here on one worker that polls: a retry coming due has nothing to wake it.
    const wakeOnly = workers[0]!;
    const stopped = new Promise((r) => wakeOnly.once("exit", r));
    wakeOnly.kill("SIGTERM");
    await stopped;
    await startWorker();
    const rx = await startReceiver((n) => (n === 1 ? 503 : 200));
    try {
      const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: rx.url });
      await createCampaign(call, admin, projectId);
      await winLevel(call, projectId, key);
      const [delivery] = await deliveriesOf(projectId);
      const failed = await until("first attempt", () => deliveryRow(delivery.id), (d) => d.attempts === 1 && d.lease_until === null, 5_000);
      expect(failed).toMatchObject({ status: "queued", last_status: 503 });
      expect(failed.next_attempt_at.getTime() - failed.updated_at.getTime()).toBe(60_000);
      // A minute passes (the worker runs on the real clock): nothing wakes it, its poll finds the row due.
      await pool().query("UPDATE webhook_delivery SET next_attempt_at = now() WHERE id = $1", [delivery.id]);
      const done = await until("retry", () => deliveryRow(delivery.id), (d) => d.status === "delivered", 10_000);
      expect(done).toMatchObject({ attempts: 2, last_status: 200, lease_until: null });
      expect(rx.received.map((r) => r.headers["x-legacy-idempotency-key"])).toEqual([delivery.idempotency_key, delivery.idempotency_key]);
    } finally {
      await rx.close();
    }
  });

  it("a worker killed mid-attempt leaves the attempt visible, and the next worker completes the delivery with the same idempotency key", async () => {
    const rx = await startReceiver((n) => (n === 1 ? "hang" : 200));
    try {
      const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: rx.url });
      await createCampaign(call, admin, projectId);
      await winLevel(call, projectId, key);
      await rx.waitFor(1, 5_000); // the first worker is inside the attempt now: the receiver has not answered
      const victim = workers.at(-1)!; // the one worker running
      const gone = new Promise((r) => victim.once("exit", r));
      victim.kill("SIGKILL"); // well inside its 2-second request timeout
      await gone;
      const [delivery] = await deliveriesOf(projectId);
      const leased = await deliveryRow(delivery.id);
      expect(leased).toMatchObject({ status: "queued", attempts: 1 });
      expect(leased.lease_until).not.toBeNull();
      expect(await attemptsOf(delivery.id)).toMatchObject([{ attempt: 1, http_status: null, error: null, duration_ms: 0 }]);

      await startWorker();
      // The lease runs out (timeout + 5 s) and the new worker's poll finds the delivery due again.
      const done = await until("delivery", () => deliveryRow(delivery.id), (d) => d.status === "delivered", 40_000);
      expect(done).toMatchObject({ attempts: 2, last_status: 200, lease_until: null });
      expect(rx.received).toHaveLength(2);
      expect(rx.received.map((r) => r.headers["x-legacy-idempotency-key"])).toEqual([delivery.idempotency_key, delivery.idempotency_key]);
      expect(rx.received[1]!.body).toBe(rx.received[0]!.body);

      const rows = await deliveriesOf(projectId);
      expect(rows.map((d) => d.status)).toEqual(["delivered"]); // one delivery, delivered once; nothing left queued
      const history = (await call("GET", `/v1/admin/projects/${projectId}/webhooks/deliveries`, { token: admin.token })).body.deliveries[0].attempt_history;
      expect(history.map((a: any) => [a.attempt, a.http_status, a.error])).toEqual([[1, null, "interrupted"], [2, 200, null]]);
    } finally {
      await rx.close();
    }
  }, 60_000);
});
