import { maintainEventPartitions } from "@/server/domain/gameplay";
import { eventPartitionsJob } from "@/server/jobs/definitions";
import { handleJob } from "../handler";

export const eventPartitionsHandler = handleJob(eventPartitionsJob, async (_p, { log }) => {
  const done = await maintainEventPartitions();
  if (done.created.length || done.dropped.length || done.keysDeleted || done.strayDeleted) log.info({ ...done }, "player_event partitions maintained");
});
