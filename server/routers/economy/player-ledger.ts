import { getPlayerLedger } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { playerLedgerMeta, ZPlayerLedgerRequestSchema, ZPlayerLedgerResponseSchema } from "./economy.types";

export const playerLedgerRoute = adminProcedure
  .meta(playerLedgerMeta)
  .input(ZPlayerLedgerRequestSchema)
  .output(ZPlayerLedgerResponseSchema)
  .query(({ ctx, input }) => getPlayerLedger({ accountId: ctx.admin.accountId, projectId: input.project_id, externalUserId: input.external_user_id }));
