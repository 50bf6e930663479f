import { listPlayerRuns } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { runsMeta, ZPlayerListRequestSchema, ZRunsResponseSchema } from "./players.types";

export const runsRoute = adminProcedure
  .meta(runsMeta)
  .input(ZPlayerListRequestSchema)
  .output(ZRunsResponseSchema)
  .query(({ ctx, input }) => listPlayerRuns({ accountId: ctx.admin.accountId, projectId: input.project_id, externalUserId: input.external_user_id, limit: input.limit }));
