import os from "node:os";
import { recordWorkerHeartbeat } from "@/server/jobs/worker-instances";
import { heartbeatJob } from "@/server/jobs/definitions";
import { handleJob } from "../handler";

export const heartbeatHandler = handleJob(heartbeatJob, async (_payload, ctx) => {
  await recordWorkerHeartbeat({ id: ctx.workerId, hostname: os.hostname(), pid: process.pid });
});
