import { getSessionSeries } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { seriesMeta, ZSeriesRequestSchema, ZSeriesResponseSchema } from "./analytics.types";

export const seriesRoute = adminProcedure
  .meta(seriesMeta)
  .input(ZSeriesRequestSchema)
  .output(ZSeriesResponseSchema)
  .query(({ ctx, input }) => getSessionSeries({ accountId: ctx.admin.accountId, projectId: input.project_id, days: input.days }));
