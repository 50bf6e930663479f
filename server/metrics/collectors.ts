import type pg from "pg";
import type { ReadReplica } from "@/server/db/read-replica";
import type { TReplayThreadCounts, TWinCheckCounts } from "@/server/domain/gameplay";
import { scrapeGauge } from "./prometheus";

/**
 * The gauges read at scrape time (nothing is counted per request for them). The database pool's
 * use and waits on every process; the job queues and the webhook outbox on the worker, whose work
 * they are: a few indexed counts per scrape.
 */
const registered = new Set<string>();

type TReplayThread = () => TReplayThreadCounts;
/** How the web process checked won runs' claims (verify-run.ts). */
type TWinChecks = () => TWinCheckCounts;

/** Registers once per process (a test file may set its services up more than once); the gauges read the services in force. */
export function registerGauges(role: "web" | "worker", pool: () => pg.Pool, replica: () => ReadReplica | null, replayThread: TReplayThread, winChecks: TWinChecks): void {
  if (!registered.has("pool")) registerPoolGauges(pool);
  registered.add("pool");
  if (role === "web" && !registered.has("replica")) {
    registerReplicaGauges(pool, replica);
    registerReplayThreadGauge(replayThread);
    registerWinCheckGauge(winChecks);
  }
  if (role === "web") registered.add("replica");
  if (role === "worker" && !registered.has("worker")) registerWorkerGauges(pool);
  if (role === "worker") registered.add("worker");
}

function registerPoolGauges(pool: () => pg.Pool): void {
  scrapeGauge({
    name: "playloop_db_pool_connections",
    help: "PostgreSQL pool connections by state: total (open), idle, and waiting (queries queued for a free connection)",
    labelNames: ["state"] as const,
    read: () => {
      const p = pool();
      return [
        { labels: { state: "total" }, value: p.totalCount },
        { labels: { state: "idle" }, value: p.idleCount },
        { labels: { state: "waiting" }, value: p.waitingCount },
      ];
    },
  });
}

function registerWorkerGauges(pool: () => pg.Pool): void {
  // pg-boss's jobs waiting to run (created or retrying, due now) and running, per job, with the age
  // of the oldest one waiting: a queue that backs up shows here before anything fails.
  const queues = async () =>
    (
      await pool().query<{ name: string; waiting: number; active: number; oldest_s: number | null }>(
        `SELECT name, count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS waiting,
                count(*) FILTER (WHERE state = 'active')::int AS active,
                extract(epoch FROM now() - min(created_on) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()))::float8 AS oldest_s
           FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY name`,
      )
    ).rows;
  scrapeGauge({
    name: "playloop_job_queue_depth",
    help: "Background jobs waiting to run (due now) and running, per job",
    labelNames: ["job", "state"] as const,
    read: async () => (await queues()).flatMap((q) => [{ labels: { job: q.name, state: "waiting" }, value: q.waiting }, { labels: { job: q.name, state: "active" }, value: q.active }]),
  });
  scrapeGauge({
    name: "playloop_job_queue_oldest_seconds",
    help: "Age of the oldest job waiting to run (due now), per job; 0 when none waits",
    labelNames: ["job"] as const,
    read: async () => (await queues()).map((q) => ({ labels: { job: q.name }, value: q.oldest_s ?? 0 })),
  });
  scrapeGauge({
    name: "playloop_webhook_outbox",
    help: "Webhook deliveries queued (waiting for an attempt or a retry), due now, and the age in seconds of the oldest one due",
    labelNames: ["measure"] as const,
    read: async () => {
      const { rows } = await pool().query<{ queued: number; due: number; oldest_s: number | null }>(
        `SELECT count(*)::int AS queued, count(*) FILTER (WHERE next_attempt_at <= now())::int AS due,
                extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now()))::float8 AS oldest_s
           FROM webhook_delivery WHERE status = 'queued'`,
      );
      const r = rows[0]!;
      return [
        { labels: { measure: "queued" }, value: r.queued },
        { labels: { measure: "due" }, value: r.due },
        { labels: { measure: "oldest_due_seconds" }, value: r.oldest_s ?? 0 },
      ];
    },
  });
}

function registerReplayThreadGauge(replayThread: TReplayThread): void {
  // The thread a winning move's replay runs on (server/domain/gameplay/play/replay-thread.ts):
  // `missed` growing means replays fell back to the transaction (a thread lost or stalled).
  countsGauge(
    "playloop_replay_thread",
    "The web process's replay thread: up (1 while it takes replays), and since the process started: started (threads), answered and missed (replays it lost or that stalled, replayed in the transaction instead)",
    "measure",
    replayThread,
  );
}

function registerWinCheckGauge(winChecks: TWinChecks): void {
  // How each claim-making win was checked against its stored commands: a run served here from its
  // start needs no replay (own_state); one started elsewhere is replayed ahead (on the thread, or
  // the loop without one); anything else in the transaction. A multi-instance deployment whose
  // players move between instances shows it here: fewer own_state, more replays.
  countsGauge(
    "playloop_win_checks",
    "Claim-making wins checked against their stored commands since the process started, by way: own_state (the run served here from its start: no replay), ahead_thread and ahead_loop (replayed while the first round trip was out, on the replay thread or the event loop), transaction (replayed in the transaction)",
    "way",
    winChecks,
  );
}

/** A gauge of a process's own counts, one sample per key of the object `counts` returns, the key as its one label. */
function countsGauge<L extends string>(name: string, help: string, label: L, counts: () => Record<string, number>): void {
  scrapeGauge({
    name,
    help,
    labelNames: [label] as const,
    read: () => Object.entries(counts()).map(([key, value]) => ({ labels: { [label]: key } as Record<L, string>, value })),
  });
}

/** An LSN (`16/B374D848`) as a byte position. */
function lsnBytes(lsn: string): bigint {
  const [hi, lo] = lsn.split("/");
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

function registerReplicaGauges(pool: () => pg.Pool, replica: () => ReadReplica | null): void {
  // With DATABASE_READ_URL only: whether the replica answers, and how far its replay is behind the
  // primary's WAL, in bytes (0 when caught up). A replica that does not answer shows up 0 and no lag.
  scrapeGauge({
    name: "playloop_db_replica",
    help: "The read replica (DATABASE_READ_URL): up (1 when it answers, 0 otherwise) and lag_bytes (WAL the primary has written that the replica has not replayed yet)",
    labelNames: ["measure"] as const,
    read: async () => {
      const r = replica();
      if (!r) return [];
      const [primary, standby] = await Promise.all([
        pool().query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn"),
        r.pool.query<{ lsn: string | null }>("SELECT pg_last_wal_replay_lsn()::text AS lsn").catch(() => null),
      ]);
      const replayed = standby?.rows[0]?.lsn;
      if (!replayed) return [{ labels: { measure: "up" }, value: 0 }];
      const lag = lsnBytes(primary.rows[0]!.lsn) - lsnBytes(replayed);
      return [
        { labels: { measure: "up" }, value: 1 },
        { labels: { measure: "lag_bytes" }, value: Number(lag > 0n ? lag : 0n) },
      ];
    },
  });
}
