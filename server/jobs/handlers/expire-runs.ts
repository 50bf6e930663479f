import { sweepExpiredRuns } from "@/server/domain/gameplay";
import { expireRunsJob } from "@/server/jobs/definitions";
import { handleJob } from "../handler";

export const expireRunsHandler = handleJob(expireRunsJob, async (_p, { log }) => {
  const result = await sweepExpiredRuns();
  if (result.closed > 0) log.info({ ...result }, "expired runs closed");
});
