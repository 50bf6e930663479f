import { getAb } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { abMeta, ZAbRequestSchema, ZAbResponseSchema } from "./analytics.types";

export const abRoute = adminProcedure
  .meta(abMeta)
  .input(ZAbRequestSchema)
  .output(ZAbResponseSchema)
  .query(({ ctx, input }) => getAb({ accountId: ctx.admin.accountId, projectId: input.project_id, experimentKey: input.experiment_key }));
