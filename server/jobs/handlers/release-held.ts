import { runEvidence } from "@/server/domain/gameplay";
import { releaseHeldClaims } from "@/server/domain/money";
import { releaseHeldClaimsJob } from "@/server/jobs/definitions";
import { logger } from "@/server/logging/logger";
import { handleJob } from "../handler";

export const releaseHeldHandler = handleJob(releaseHeldClaimsJob, async () => {
  const r = await releaseHeldClaims({ runEvidence });
  if (r.released + r.reviewed + r.failed > 0) logger().info({ job: releaseHeldClaimsJob.name, ...r }, "held claims processed");
});
