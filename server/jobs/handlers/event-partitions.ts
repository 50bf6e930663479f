import { maintainEventPartitions } from "@/server/domain/gameplay";
import { eventPartitionsJob } from "@/server/jobs/definitions";
import { logger } from "@/server/logging/logger";
import { handleJob } from "../handler";

export const eventPartitionsHandler = handleJob(eventPartitionsJob, async () => {
  const done = await maintainEventPartitions();
  if (done.created.length || done.dropped.length || done.keysDeleted || done.strayDeleted) logger().info({ job: eventPartitionsJob.name, ...done }, "player_event partitions maintained");
});
