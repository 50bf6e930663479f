import pg from "pg";
import { pool } from "@/server/db/client";

/**
 * Waking the workers for work a transaction wrote (a due webhook delivery) at once, instead of at
 * their next poll, without slowing the transaction that wrote it.
 *
 * A NOTIFY inside the writing transaction would do it, but PostgreSQL takes one database-wide lock
 * for every committing transaction that notified and holds it through the commit's WAL flush:
 * such commits run one at a time. Every won run with a claim writes a delivery, so that lock
 * serialised the claims' commits (on this machine a small transaction's commits went from
 * ~3 300/s to ~1 600–1 900/s with the NOTIFY inside). Here the NOTIFY is sent once the transaction
 * has committed, on a statement of its own (no write, so no WAL flush), at most one in flight per
 * name and process: what asks meanwhile is folded into one more after it.
 *
 * A wake-up is only a hint: a lost one (the database briefly away, the worker's listener
 * reconnecting) costs the work the wait until the worker's next poll, never the work.
 */
export const WAKE_CHANNEL = "playloop_jobs_wake";

const waking = new Map<string, "sent" | "again">();

/** How many queues have a wake-up on its way from this process (tests, diagnostics). */
export function wakesInFlight(): number {
  return waking.size;
}

/** Wakes the workers that take `queue` (call it after the writing transaction committed: see afterCommit). */
export function wakeWorkers(queue: string): void {
  if (waking.has(queue)) {
    waking.set(queue, "again");
    return;
  }
  waking.set(queue, "sent");
  let sent: Promise<unknown>;
  try {
    sent = pool().query({ name: "wake_notify", text: "SELECT pg_notify($1, $2)", values: [WAKE_CHANNEL, queue] }); // prepared: sent after most claims
  } catch (e) {
    sent = Promise.reject(e); // no database (shutting down): the next poll finds the work
  }
  void sent
    .catch(() => {})
    .finally(() => {
      const again = waking.get(queue) === "again";
      waking.delete(queue);
      if (again) wakeWorkers(queue);
    });
}

/**
 * The worker's side of a wake-up: `fire(queue)` runs `gatherMs` after the first wake-up of a
 * queue, once for every wake-up of that queue meanwhile. At a few claims a second every wake-up
 * would otherwise fetch, lease, send and record a single delivery, and those fixed round trips
 * are most of what a delivery costs the worker and the database (on the bench machine 0.3 ms of
 * worker CPU per delivery in batches of 50, 2.2 ms one at a time, 1.5 ms gathered for 50 ms).
 * The wait is small beside the claim → first attempt goal (1 s). Returns the wake function and a
 * stop that drops what is pending (the worker's next poll finds that work).
 */
export function gatheredWakes(gatherMs: number, fire: (queue: string) => void): { wake: (queue: string) => void; stop: () => void } {
  const pending = new Map<string, NodeJS.Timeout>();
  return {
    wake(queue) {
      if (pending.has(queue)) return;
      pending.set(
        queue,
        setTimeout(() => {
          pending.delete(queue);
          fire(queue);
        }, gatherMs),
      );
    },
    stop() {
      for (const t of pending.values()) clearTimeout(t);
      pending.clear();
    },
  };
}

/**
 * The worker's side: a connection of its own listening on the wake channel; `onWake` gets the
 * queue's name. A dropped connection is opened again after `retryMs`, and `onListening` runs each
 * time the listener is (again) in place, so wake-ups missed meanwhile are made up for by one fetch.
 * Returns a stop function.
 */
export function listenForWakes(connectionString: string, opts: { onWake: (queue: string) => void; onListening?: () => void; retryMs?: number }): () => Promise<void> {
  const { onWake, onListening, retryMs = 1_000 } = opts;
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString });
    client = c;
    const again = () => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners("notification");
      void c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), retryMs);
    };
    c.on("error", again);
    c.on("end", again);
    c.on("notification", (n) => {
      if (n.channel === WAKE_CHANNEL && n.payload) onWake(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${WAKE_CHANNEL}`);
      onListening?.();
    } catch {
      again();
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
