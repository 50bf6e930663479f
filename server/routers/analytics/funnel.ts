import { getFunnel } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { funnelMeta, ZFunnelRequestSchema, ZFunnelResponseSchema } from "./analytics.types";

export const funnelRoute = adminProcedure
  .meta(funnelMeta)
  .input(ZFunnelRequestSchema)
  .output(ZFunnelResponseSchema)
  .query(({ ctx, input }) => getFunnel({ accountId: ctx.admin.accountId, projectId: input.project_id, dayN: input.day_n }));
