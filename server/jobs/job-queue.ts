import { PgBoss } from "pg-boss";
import type { z } from "zod";
import type { TTx } from "@/server/db/batch";
import type { TJobDefinition } from "./define";
import { JOB_DEFINITIONS } from "./definitions";

const BOSS_SCHEMA = "pgboss";

/** `startAfter`: not before this instant; `singletonKey`: at most one queued job per key. */
export type TSendOptions = { startAfter?: Date; singletonKey?: string };

/** The sending half of pg-boss: every enqueue runs on the caller's transaction, so a job exists exactly when the change that caused it commits. */
export type TJobQueue = {
  send<P extends z.ZodType>(tx: TTx, job: TJobDefinition<P>, payload: z.input<P>, opts?: TSendOptions): Promise<string | null>;
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
  });
  boss.on("error", () => {});
  await boss.start();
  // Warm the queue cache now: a first send must not look a queue up on another connection
  // while the caller's transaction (and its row locks) is open.
  for (const def of JOB_DEFINITIONS) {
    const existing = await boss.getQueue(def.name);
    // pg-boss's own wake-up (a NOTIFY inside the sending transaction) stays off: the commits of
    // transactions that notify run one at a time (see wake.ts).
    if (!existing) await boss.createQueue(def.name, { notify: false });
    else if (existing.notify) await boss.updateQueue(def.name, { notify: false });
  }
  return {
    boss,
    async send(tx, job, payload, sendOpts = {}) {
      const data = job.payload.parse(payload) as object;
      return boss.send(job.name, data, {
        ...job.sendOptions,
        ...(sendOpts.startAfter ? { startAfter: sendOpts.startAfter } : {}),
        ...(sendOpts.singletonKey ? { singletonKey: sendOpts.singletonKey } : {}),
        db: { executeSql: (text: string, values?: unknown[]) => tx.query(text, values) },
      });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => {});
    },
  };
}

const RETIRED_QUEUES = ["webhooks.deliver"];

/** Creates pg-boss's schema and one queue per job definition (migrations call it once per deploy). */
export async function installJobQueues(connectionString: string): Promise<void> {
  const q = await startJobQueue({ connectionString, max: 2, role: "other" });
  // Queues of jobs that are no more: webhook deliveries were a job each until their outbox rows
  // became the work itself (deliver.ts); their queued jobs are redundant with those rows.
  for (const name of RETIRED_QUEUES) if (await q.boss.getQueue(name)) await q.boss.deleteQueue(name);
  await q.stop();
}
