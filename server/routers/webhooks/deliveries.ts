import { listDeliveries } from "@/server/domain/platform";
import { adminProcedure } from "@/server/trpc/procedures";
import { deliveriesMeta, ZDeliveriesRequestSchema, ZDeliveriesResponseSchema } from "./webhooks.types";

export const deliveriesRoute = adminProcedure
  .meta(deliveriesMeta)
  .input(ZDeliveriesRequestSchema)
  .output(ZDeliveriesResponseSchema)
  .query(({ ctx, input }) => listDeliveries({ accountId: ctx.admin.accountId, projectId: input.project_id, status: input.status, limit: input.limit, cursor: input.cursor }));
