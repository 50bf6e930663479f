import { z } from "zod";
import { sweepExpiredRuns } from "@/server/domain/play/expiry-sweep";
import { logger } from "@/server/logging/logger";
import { defineJob } from "../types";

/** Every minute: closes runs past expiry as abandoned/expired, 500 per batch, emitting game.abandoned. */
export const expireRunsJob = defineJob({
  name: "play.expire-runs",
  payload: z.object({}).passthrough(),
  cron: "* * * * *",
  intervalSeconds: 60,
  async handler() {
    const result = await sweepExpiredRuns();
    if (result.closed > 0) logger().info({ job: "play.expire-runs", ...result }, "expired runs closed");
  },
});
