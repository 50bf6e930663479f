import { cleanPlayerHotStorage } from "@/server/domain/identity";
import { eraseHotStorageJob } from "@/server/jobs/definitions";
import { decrypt } from "@/server/lib/crypto";
import { handleJob } from "../handler";

/** Deletes an erased player's hot keys; a throw (Redis unreachable) makes pg-boss retry with backoff. */
export const eraseHotStorageHandler = handleJob(eraseHotStorageJob, async (p, { log }) => {
  const removed = await cleanPlayerHotStorage({ projectId: p.project_id, externalUserId: decrypt("erasure", p.sealed_subject) });
  log.info({ subject_hash: p.subject_hash, removed }, "erased player's hot storage cleaned");
});
