import type { z } from "zod";

/**
 * A job definition: a name and a zod payload, importable by the domain so it can enqueue inside
 * its own transaction. Handlers run in the worker only (server/jobs/handlers, wired by jobs/worker.ts). `cron` jobs are
 * scheduled by the worker (pg-boss keeps one schedule for all workers); `intervalSeconds` is
 * what /v1/status expects, so a scheduled job that stops running shows up as `late`.
 */
export type TJobDefinition<P extends z.ZodType = z.ZodType> = {
  name: string;
  payload: P;
  cron?: string;
  intervalSeconds?: number;
  /** pg-boss send options every job of this kind gets (retries, expiry). */
  sendOptions?: { retryLimit?: number; retryDelay?: number; retryBackoff?: boolean; expireInSeconds?: number };
};

export function defineJob<P extends z.ZodType>(def: TJobDefinition<P>): TJobDefinition<P> {
  return def;
}

/**
 * An outbox lane: work whose rows are the queue (not pg-boss). Its rows are written in the
 * domain's transaction; the worker leases due ones, woken after a commit and polled.
 */
export type TLaneDefinition = {
  /** Also the wake-up channel's payload (server/jobs/wake.ts) that a committed write sends. */
  name: string;
  table: string;
};

export function defineLane(def: TLaneDefinition): TLaneDefinition {
  return def;
}

/**
 * How the worker schedules a `cron` job with pg-boss: in UTC; with the job's own send options, which
 * pg-boss applies to a scheduled job only when the schedule carries them (without, the monthly
 * invoices got the queue's defaults: 2 retries seconds apart and a 15-minute expiry, not 5 retries
 * 5 minutes apart and an hour); and an occurrence missed while no worker ran (a deploy at 00:10
 * on the 1st) sent once when one comes back — every scheduled job reads the state of the world, so
 * one late run makes up for any number missed.
 */
export function scheduleOptions(def: TJobDefinition): { tz: "UTC"; missed: "once" } & NonNullable<TJobDefinition["sendOptions"]> {
  return { ...def.sendOptions, tz: "UTC", missed: "once" };
}
