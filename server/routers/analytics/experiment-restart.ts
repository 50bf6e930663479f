import { restartExperiment } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { restartMeta, ZProjectRequestSchema, ZRestartResponseSchema } from "./analytics.types";

export const restartRoute = adminProcedure
  .meta(restartMeta)
  .input(ZProjectRequestSchema)
  .output(ZRestartResponseSchema)
  .mutation(({ ctx, input }) => restartExperiment({ accountId: ctx.admin.accountId, projectId: input.project_id, requestId: ctx.requestId }));
