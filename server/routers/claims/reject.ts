import { rejectClaim } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { rejectMeta, ZRejectRequestSchema, ZRejectResponseSchema } from "./claims.types";

export const rejectClaimRoute = adminProcedure
  .meta(rejectMeta)
  .input(ZRejectRequestSchema)
  .output(ZRejectResponseSchema)
  .mutation(({ ctx, input }) => rejectClaim({ accountId: ctx.admin.accountId, projectId: input.project_id, claimId: input.claim_id, reason: input.reason, requestId: ctx.requestId }));
