import { deleteOldResolvedFlags, deleteStaleAddressPlayers } from "@/server/domain/trust";
import { fraudRetentionJob } from "@/server/jobs/definitions";
import { handleJob } from "../handler";

export const fraudRetentionHandler = handleJob(fraudRetentionJob, async (_p, { log }) => {
  const deleted = await deleteOldResolvedFlags();
  if (deleted > 0) log.info({ deleted }, "resolved fraud flags past retention deleted");
  const addresses = await deleteStaleAddressPlayers();
  if (addresses > 0) log.info({ deleted: addresses }, "address rollup rows older than two days deleted");
});
