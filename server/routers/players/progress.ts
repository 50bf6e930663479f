import { getPlayerProgress } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { progressMeta, ZPlayerRequestSchema, ZProgressResponseSchema } from "./players.types";

export const progressRoute = adminProcedure
  .meta(progressMeta)
  .input(ZPlayerRequestSchema)
  .output(ZProgressResponseSchema)
  .query(({ ctx, input }) => getPlayerProgress({ accountId: ctx.admin.accountId, projectId: input.project_id, externalUserId: input.external_user_id }));
