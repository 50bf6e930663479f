import { routePolicy } from "@/server/trpc/policy";
import { requestLanguage } from "@/i18n/languages";
import { getBalances } from "@/server/domain/money";
import { playerProcedure } from "@/server/trpc/procedures";
import { balancesMeta, ZBalancesResponseSchema } from "./economy.types";

export const balancesRoute = playerProcedure
  .meta(balancesMeta)
  .use(routePolicy)
  .output(ZBalancesResponseSchema)
  .query(({ ctx }) => getBalances({ player: ctx.player, language: requestLanguage(ctx.header("accept-language")) }));
