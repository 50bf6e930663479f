import os from "node:os";
import { z } from "zod";
import { recordWorkerHeartbeat } from "@/server/domain/jobs/worker-instances";
import { defineJob } from "../types";

/** Every minute: proves the scheduler and a worker are alive, and refreshes this worker's row. */
export const heartbeatJob = defineJob({
  name: "system.heartbeat",
  payload: z.object({}).passthrough(),
  cron: "* * * * *",
  intervalSeconds: 60,
  async handler(_payload, ctx) {
    await recordWorkerHeartbeat({ id: ctx.workerId, hostname: os.hostname(), pid: process.pid });
  },
});
