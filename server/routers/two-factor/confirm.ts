import { routePolicy } from "@/server/trpc/policy";
import { confirmTwoFactor } from "@/server/domain/identity";
import { adminBootstrapProcedure } from "@/server/trpc/procedures";
import { confirmMeta, ZCodeRequestSchema, ZConfirmResponseSchema } from "./two-factor.types";

export const twoFactorConfirmRoute = adminBootstrapProcedure
  .meta(confirmMeta)
  .input(ZCodeRequestSchema)
  .use(routePolicy)
  .output(ZConfirmResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const r = await confirmTwoFactor({ accountId: ctx.admin.accountId, sessionId: ctx.admin.sessionId, email: ctx.admin.email, requestId: ctx.requestId, code: input.code });
    return { enabled: true as const, session_verified: true as const, recovery_codes: r.recovery_codes };
  });
