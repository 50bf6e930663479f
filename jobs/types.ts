import type { z } from "zod";

/**
 * A job is a name, a zod payload and a handler. `cron` jobs are scheduled by the worker (pg-boss
 * keeps one schedule across all workers); `intervalSeconds` is what /v1/status expects, so a
 * job that stops running shows up as `late`.
 */
export type TJobDefinition<P extends z.ZodType = z.ZodType> = {
  name: string;
  payload: P;
  cron?: string;
  intervalSeconds: number;
  handler: (payload: z.output<P>, ctx: { workerId: string }) => Promise<void>;
};

export function defineJob<P extends z.ZodType>(def: TJobDefinition<P>): TJobDefinition<P> {
  return def;
}
