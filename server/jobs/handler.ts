import type { Logger } from "pino";
import type { z } from "zod";
import type { TJobDefinition } from "@/server/jobs/define";

/**
 * The worker half of a job: its definition (name, payload schema, schedule; in server/jobs, where
 * the domain enqueues it) and the handler that runs it, which only the worker imports.
 */
export type TJobHandler<P extends z.ZodType = z.ZodType> = {
  job: TJobDefinition<P>;
  /** `log`: the run's logger — every line names the job, the pg-boss job id and, for a job a request enqueued, its `request_id`. */
  handle: (payload: z.output<P>, ctx: { workerId: string; log: Logger }) => Promise<void>;
};

export function handleJob<P extends z.ZodType>(job: TJobDefinition<P>, handle: TJobHandler<P>["handle"]): TJobHandler<P> {
  return { job, handle };
}
