import { retryDelivery } from "@/server/domain/platform";
import { adminProcedure } from "@/server/trpc/procedures";
import { retryMeta, ZRetryRequestSchema, ZRetryResponseSchema } from "./webhooks.types";

export const retryRoute = adminProcedure
  .meta(retryMeta)
  .input(ZRetryRequestSchema)
  .output(ZRetryResponseSchema)
  .mutation(({ ctx, input }) => retryDelivery({ accountId: ctx.admin.accountId, projectId: input.project_id, deliveryId: input.delivery_id, requestId: ctx.requestId }));
