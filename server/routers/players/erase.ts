import { erasePlayerData } from "@/server/domain/identity";
import { adminProcedure } from "@/server/trpc/procedures";
import { eraseMeta, ZEraseResponseSchema, ZPlayerRequestSchema } from "./players.types";

export const eraseRoute = adminProcedure
  .meta(eraseMeta)
  .input(ZPlayerRequestSchema)
  .output(ZEraseResponseSchema)
  .mutation(({ ctx, input }) => erasePlayerData({ accountId: ctx.admin.accountId, projectId: input.project_id, externalUserId: input.external_user_id, requestId: ctx.requestId }));
