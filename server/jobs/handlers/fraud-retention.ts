import { deleteOldResolvedFlags, deleteStaleAddressPlayers } from "@/server/domain/trust";
import { fraudRetentionJob } from "@/server/jobs/definitions";
import { logger } from "@/server/logging/logger";
import { handleJob } from "../handler";

export const fraudRetentionHandler = handleJob(fraudRetentionJob, async () => {
  const deleted = await deleteOldResolvedFlags();
  if (deleted > 0) logger().info({ job: fraudRetentionJob.name, deleted }, "resolved fraud flags past retention deleted");
  const addresses = await deleteStaleAddressPlayers();
  if (addresses > 0) logger().info({ job: fraudRetentionJob.name, deleted: addresses }, "address rollup rows older than two days deleted");
});
