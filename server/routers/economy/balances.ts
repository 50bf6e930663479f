import { getBalances } from "@/server/domain/money";
import { playerProcedure } from "@/server/trpc/procedures";
import { balancesMeta, ZBalancesResponseSchema } from "./economy.types";

export const balancesRoute = playerProcedure
  .meta(balancesMeta)
  .output(ZBalancesResponseSchema)
  .query(({ ctx }) => getBalances({ player: ctx.player }));
