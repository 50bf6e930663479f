import { routePolicy } from "@/server/trpc/policy";
import { resetTwoFactor } from "@/server/domain/identity";
import { adminProcedure } from "@/server/trpc/procedures";
import { resetMeta, ZResetResponseSchema, ZTotpCodeRequestSchema } from "./two-factor.types";

export const twoFactorResetRoute = adminProcedure
  .meta(resetMeta)
  .input(ZTotpCodeRequestSchema)
  .use(routePolicy)
  .output(ZResetResponseSchema)
  .mutation(({ ctx, input }) => resetTwoFactor({ accountId: ctx.admin.accountId, sessionId: ctx.admin.sessionId, requestId: ctx.requestId, code: input.code }));
