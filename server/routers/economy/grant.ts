import { routePolicy } from "@/server/trpc/policy";
import { grantFromServer } from "@/server/domain/money";
import { serverKeyProcedure } from "@/server/trpc/procedures";
import { grantMeta, ZGrantRequestSchema, ZGrantResponseSchema } from "./economy.types";

export const grantRoute = serverKeyProcedure
  .meta(grantMeta)
  .input(ZGrantRequestSchema)
  .use(routePolicy)
  .output(ZGrantResponseSchema)
  .mutation(({ ctx, input }) => grantFromServer({ key: ctx.apiKey, projectId: input.project_id, externalUserId: input.external_user_id, resourceId: input.resource_id, amount: input.amount, idempotencyKey: input.idempotency_key, limits: ctx.limits }));
