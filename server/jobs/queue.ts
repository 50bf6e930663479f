import { PgBoss } from "pg-boss";
import type { z } from "zod";
import { afterCommit, sentAhead, type TTx } from "@/server/db/tx";
import { wakeWorkers } from "./wake";
import type { TJobDefinition } from "./define";
import { services } from "@/server/services/container";
import { JOB_DEFINITIONS } from "./definitions";

export const BOSS_SCHEMA = "pgboss";

/**
 * `startAfter`: not before this instant; `singletonKey`: at most one queued job per key;
 * `onIssued`: called once pg-boss has put the job's statement on the transaction (see enqueueIssued).
 */
export type TSendOptions = { startAfter?: Date; singletonKey?: string; onIssued?: () => void };

/** The sending half of pg-boss: every enqueue runs on the caller's transaction, so a job exists exactly when the change that caused it commits. */
export type TJobQueue = {
  send<P extends z.ZodType>(tx: TTx, job: TJobDefinition<P>, payload: z.input<P>, opts?: TSendOptions): Promise<string | null>;
  /** Many jobs of one kind in one statement, on the caller's transaction. */
  sendMany<P extends z.ZodType>(tx: TTx, job: TJobDefinition<P>, items: Array<{ payload: z.input<P>; startAfter?: Date }>): Promise<void>;
  /** The pg-boss instance (the worker registers handlers and schedules on it). */
  boss: PgBoss;
  stop(): Promise<void>;
};

export async function startJobQueue(opts: { connectionString: string; max: number; role: "web" | "worker" | "other" }): Promise<TJobQueue> {
  const worker = opts.role === "worker";
  const boss = new PgBoss({
    connectionString: opts.connectionString,
    schema: BOSS_SCHEMA,
    max: opts.max,
    // Only workers supervise queues and run schedules; senders just insert jobs.
    supervise: worker,
    schedule: worker,
    // Workers listen, so a job sent to a notify queue (webhook deliveries) starts at once.
    useListenNotify: worker,
  });
  boss.on("error", () => {});
  await boss.start();
  // Warm the queue cache now: a first send must not look a queue up on another connection
  // while the caller's transaction (and its row locks) is open.
  for (const def of JOB_DEFINITIONS) {
    const existing = await boss.getQueue(def.name);
    // pg-boss's own wake-up (a NOTIFY inside the sending transaction) stays off: see wake.ts.
    if (!existing) await boss.createQueue(def.name, { notify: false });
    else if (existing.notify) await boss.updateQueue(def.name, { notify: false });
  }
  return {
    boss,
    async send(tx, job, payload, sendOpts = {}) {
      const data = job.payload.parse(payload) as object;
      if (job.queue?.wake && !sendOpts.startAfter) afterCommit(() => wakeWorkers(job.name));
      return boss.send(job.name, data, {
        ...job.sendOptions,
        ...(sendOpts.startAfter ? { startAfter: sendOpts.startAfter } : {}),
        ...(sendOpts.singletonKey ? { singletonKey: sendOpts.singletonKey } : {}),
        db: {
          executeSql: (text: string, values?: unknown[]) => {
            const statement = tx.query(text, values);
            sendOpts.onIssued?.();
            return statement;
          },
        },
      });
    },
    async sendMany(tx, job, items) {
      if (items.length === 0) return;
      const jobs = items.map((i) => ({ data: job.payload.parse(i.payload) as object, ...job.sendOptions, ...(i.startAfter ? { startAfter: i.startAfter } : {}) }));
      if (job.queue?.wake && items.some((i) => !i.startAfter)) afterCommit(() => wakeWorkers(job.name));
      await boss.insert(job.name, jobs, { db: { executeSql: (text: string, values?: unknown[]) => tx.query(text, values) } });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => {});
    },
  };
}

/** Creates pg-boss's schema and one queue per job definition (migrations call it once per deploy). */
export async function installJobQueues(connectionString: string): Promise<void> {
  const q = await startJobQueue({ connectionString, max: 2, role: "other" });
  await q.stop();
}

/** Enqueues a job inside `tx`: it exists exactly when the transaction commits. */
export function enqueue<P extends z.ZodType>(tx: TTx, job: TJobDefinition<P>, payload: z.input<P>, opts?: TSendOptions): Promise<string | null> {
  return services().queue.send(tx, job, payload, opts);
}

/**
 * enqueue, for a caller that sends its COMMIT right behind the job (andCommit): `issued` resolves
 * once the job's statement is on the transaction — pg-boss issues it a few microtasks after it is
 * asked to — or once the send failed before issuing one; `done` is the send itself.
 */
export function enqueueIssued<P extends z.ZodType>(tx: TTx, job: TJobDefinition<P>, payload: z.input<P>, opts: Omit<TSendOptions, "onIssued"> = {}): { issued: Promise<void>; done: Promise<string | null> } {
  let issuedNow!: () => void;
  const issued = new Promise<void>((resolve) => (issuedNow = resolve));
  const done = sentAhead(enqueue(tx, job, payload, { ...opts, onIssued: issuedNow }));
  return { issued: Promise.race([issued, done.then(() => {}, () => {})]), done };
}
