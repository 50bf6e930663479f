import { requestLanguage } from "@/i18n/languages";
import { routePolicy } from "@/server/trpc/policy";
import { rewardStatus } from "@/server/domain/gameplay";
import { playerProcedure } from "@/server/trpc/procedures";
import { rewardMeta, ZGetRequestSchema, ZRewardResponseSchema } from "./game-runs.types";

export const rewardRoute = playerProcedure
  .meta(rewardMeta)
  .input(ZGetRequestSchema)
  .use(routePolicy)
  .output(ZRewardResponseSchema)
  .query(({ ctx, input }) => rewardStatus({ player: ctx.player, runId: input.run_id, limits: ctx.limits, language: requestLanguage(ctx.header("accept-language")) }));
