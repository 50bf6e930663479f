import { getWheelStats } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { statsMeta, ZProjectWheelInput, ZStatsResponseSchema } from "./wheel-admin.types";

export const wheelStatsRoute = adminProcedure
  .meta(statsMeta)
  .input(ZProjectWheelInput)
  .output(ZStatsResponseSchema)
  .query(({ ctx, input }) => getWheelStats({ accountId: ctx.admin.accountId, projectId: input.project_id, wheelId: input.wheel_id }));
