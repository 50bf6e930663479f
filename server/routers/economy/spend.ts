import { routePolicy } from "@/server/trpc/policy";
import { spendOnBooster } from "@/server/domain/money";
import { playerProcedure } from "@/server/trpc/procedures";
import { spendMeta, ZSpendRequestSchema, ZSpendResponseSchema } from "./economy.types";

export const spendRoute = playerProcedure
  .meta(spendMeta)
  .input(ZSpendRequestSchema)
  .use(routePolicy)
  .output(ZSpendResponseSchema)
  .mutation(({ ctx, input }) => spendOnBooster({ player: ctx.player, boosterId: input.booster_id, idempotencyKey: input.idempotency_key }));
