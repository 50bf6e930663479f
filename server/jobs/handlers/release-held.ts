import { runEvidence } from "@/server/domain/gameplay";
import { releaseHeldClaims } from "@/server/domain/money";
import { releaseHeldClaimsJob } from "@/server/jobs/definitions";
import { handleJob } from "../handler";

export const releaseHeldHandler = handleJob(releaseHeldClaimsJob, async (_p, { log }) => {
  const r = await releaseHeldClaims({ runEvidence });
  if (r.released + r.reviewed + r.failed > 0) log.info({ ...r }, "held claims processed");
});
