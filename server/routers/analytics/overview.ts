import { getOverview } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { overviewMeta, ZProjectRequestSchema, ZOverviewResponseSchema } from "./analytics.types";

export const overviewRoute = adminProcedure
  .meta(overviewMeta)
  .input(ZProjectRequestSchema)
  .output(ZOverviewResponseSchema)
  .query(({ ctx, input }) => getOverview({ accountId: ctx.admin.accountId, projectId: input.project_id }));
