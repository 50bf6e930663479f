import { routePolicy } from "@/server/trpc/policy";
import { recoverTwoFactor } from "@/server/domain/identity";
import { adminBootstrapProcedure } from "@/server/trpc/procedures";
import { recoveryMeta, ZChallengeResponseSchema, ZCodeRequestSchema } from "./two-factor.types";

export const twoFactorRecoveryRoute = adminBootstrapProcedure
  .meta(recoveryMeta)
  .input(ZCodeRequestSchema)
  .use(routePolicy)
  .output(ZChallengeResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const r = await recoverTwoFactor({ accountId: ctx.admin.accountId, sessionId: ctx.admin.sessionId, email: ctx.admin.email, requestId: ctx.requestId, code: input.code });
    return { ...r, session_verified: true as const };
  });
