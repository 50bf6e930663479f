import { resolveFraudFlag } from "@/server/domain/trust";
import { adminProcedure } from "@/server/trpc/procedures";
import { resolveMeta, ZResolveRequestSchema, ZResolveResponseSchema } from "./fraud.types";

export const resolveFlagRoute = adminProcedure
  .meta(resolveMeta)
  .input(ZResolveRequestSchema)
  .output(ZResolveResponseSchema)
  .mutation(({ ctx, input }) => resolveFraudFlag({ accountId: ctx.admin.accountId, projectId: input.project_id, flagId: input.flag_id, resolution: input.resolution, requestId: ctx.requestId }));
