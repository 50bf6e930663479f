import type { z } from "zod";
import type { TTx } from "@/server/db/tx";
import { services } from "@/server/services/container";
import type { TJobDefinition } from "./define";
import type { TSendOptions } from "./job-queue";

export { installJobQueues, startJobQueue, type TSendOptions } from "./job-queue";

/** Enqueues a job inside `tx`: it exists exactly when the transaction commits. */
export function enqueue<P extends z.ZodType>(tx: TTx, job: TJobDefinition<P>, payload: z.input<P>, opts?: TSendOptions): Promise<string | null> {
  return services().queue.send(tx, job, payload, opts);
}
