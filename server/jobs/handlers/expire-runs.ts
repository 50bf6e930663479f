import { sweepExpiredRuns } from "@/server/domain/gameplay";
import { expireRunsJob } from "@/server/jobs/definitions";
import { logger } from "@/server/logging/logger";
import { handleJob } from "../handler";

export const expireRunsHandler = handleJob(expireRunsJob, async () => {
  const result = await sweepExpiredRuns();
  if (result.closed > 0) logger().info({ job: expireRunsJob.name, ...result }, "expired runs closed");
});
