import { fraudMetrics } from "@/server/domain/trust";
import { adminProcedure } from "@/server/trpc/procedures";
import { metricsMeta, ZProjectRequestSchema, ZMetricsSchema } from "./fraud.types";

export const metricsRoute = adminProcedure
  .meta(metricsMeta)
  .input(ZProjectRequestSchema)
  .output(ZMetricsSchema)
  .query(({ ctx, input }) => fraudMetrics({ accountId: ctx.admin.accountId, projectId: input.project_id }));
