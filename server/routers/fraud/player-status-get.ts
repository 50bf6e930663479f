import { getPlayerFraudStatus } from "@/server/domain/trust";
import { adminProcedure } from "@/server/trpc/procedures";
import { playerGetMeta, ZPlayerRequestSchema, ZPlayerStatusSchema } from "./fraud.types";

export const playerStatusRoute = adminProcedure
  .meta(playerGetMeta)
  .input(ZPlayerRequestSchema)
  .output(ZPlayerStatusSchema)
  .query(({ ctx, input }) => getPlayerFraudStatus({ accountId: ctx.admin.accountId, projectId: input.project_id, externalUserId: input.external_user_id }));
