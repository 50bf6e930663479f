import { releaseClaim } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { releaseMeta, ZClaimActionRequestSchema, ZReleaseResponseSchema } from "./claims.types";

export const releaseClaimRoute = adminProcedure
  .meta(releaseMeta)
  .input(ZClaimActionRequestSchema)
  .output(ZReleaseResponseSchema)
  .mutation(({ ctx, input }) => releaseClaim({ accountId: ctx.admin.accountId, projectId: input.project_id, claimId: input.claim_id, requestId: ctx.requestId }));
