import { z } from "zod";
import { defineJob } from "./define";

/** Every minute: proves the scheduler and a worker are alive, and refreshes this worker's row. */
export const heartbeatJob = defineJob({ name: "system.heartbeat", payload: z.object({}).passthrough(), cron: "* * * * *", intervalSeconds: 60 });

/** Every minute: closes runs past expiry as abandoned/expired, 500 per batch, emitting game.abandoned. */
export const expireRunsJob = defineJob({ name: "play.expire-runs", payload: z.object({}).passthrough(), cron: "* * * * *", intervalSeconds: 60 });

/** Every job there is: the worker handles each, and each gets its pg-boss queue at deploy. */
export const JOB_DEFINITIONS = [heartbeatJob, expireRunsJob] as const;
