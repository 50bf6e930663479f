import { listFraudFlags } from "@/server/domain/trust";
import { adminProcedure } from "@/server/trpc/procedures";
import { flagsMeta, ZFlagsRequestSchema, ZFlagsResponseSchema } from "./fraud.types";

export const listFlagsRoute = adminProcedure
  .meta(flagsMeta)
  .input(ZFlagsRequestSchema)
  .output(ZFlagsResponseSchema)
  .query(({ ctx, input }) => listFraudFlags({ accountId: ctx.admin.accountId, projectId: input.project_id, resolved: input.resolved, externalUserId: input.external_user_id, limit: input.limit }));
