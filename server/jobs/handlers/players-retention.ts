import { deleteExpiredErasureMarkers } from "@/server/domain/identity";
import { deleteOldNotifications } from "@/server/domain/platform";
import { playersRetentionJob } from "@/server/jobs/definitions";
import { handleJob } from "../handler";

export const playersRetentionHandler = handleJob(playersRetentionJob, async (_p, { log }) => {
  const deleted = await deleteExpiredErasureMarkers();
  if (deleted > 0) log.info({ deleted }, "erasure markers past every session they could refuse deleted");
  const notifications = await deleteOldNotifications();
  if (notifications > 0) log.info({ deleted: notifications }, "queued notifications past retention deleted");
});
