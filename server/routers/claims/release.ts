import { releaseClaim } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { releaseMeta, ZReleaseRequestSchema, ZReleaseResponseSchema } from "./claims.types";

export const releaseClaimRoute = adminProcedure
  .meta(releaseMeta)
  .input(ZReleaseRequestSchema)
  .output(ZReleaseResponseSchema)
  .mutation(({ ctx, input }) => releaseClaim({ accountId: ctx.admin.accountId, projectId: input.project_id, claimId: input.claim_id, reason: input.reason, requestId: ctx.requestId }));
