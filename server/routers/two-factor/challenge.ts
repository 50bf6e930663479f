import { routePolicy } from "@/server/trpc/policy";
import { challengeTwoFactor } from "@/server/domain/identity";
import { adminBootstrapProcedure } from "@/server/trpc/procedures";
import { challengeMeta, ZChallengeResponseSchema, ZCodeRequestSchema } from "./two-factor.types";

export const twoFactorChallengeRoute = adminBootstrapProcedure
  .meta(challengeMeta)
  .input(ZCodeRequestSchema)
  .use(routePolicy)
  .output(ZChallengeResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const r = await challengeTwoFactor({ accountId: ctx.admin.accountId, sessionId: ctx.admin.sessionId, email: ctx.admin.email, requestId: ctx.requestId, code: input.code });
    return { ...r, session_verified: true as const };
  });
