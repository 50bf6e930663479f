import { deleteExpiredErasureMarkers } from "@/server/domain/identity";
import { playersRetentionJob } from "@/server/jobs/definitions";
import { logger } from "@/server/logging/logger";
import { handleJob } from "../handler";

export const playersRetentionHandler = handleJob(playersRetentionJob, async () => {
  const deleted = await deleteExpiredErasureMarkers();
  if (deleted > 0) logger().info({ job: playersRetentionJob.name, deleted }, "erasure markers past every session they could refuse deleted");
});
