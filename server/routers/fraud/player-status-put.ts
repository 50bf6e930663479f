import { setPlayerFraudStatus } from "@/server/domain/trust";
import { adminProcedure } from "@/server/trpc/procedures";
import { playerPutMeta, ZPlayerPutSchema, ZPlayerStatusSchema } from "./fraud.types";

export const setPlayerStatusRoute = adminProcedure
  .meta(playerPutMeta)
  .input(ZPlayerPutSchema)
  .output(ZPlayerStatusSchema)
  .mutation(({ ctx, input }) => setPlayerFraudStatus({ accountId: ctx.admin.accountId, projectId: input.project_id, externalUserId: input.external_user_id, state: input.state, reason: input.reason, expiresAt: input.expires_at, requestId: ctx.requestId }));
