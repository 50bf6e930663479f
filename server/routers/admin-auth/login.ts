import { routePolicy } from "@/server/trpc/policy";
import { loginAdmin, twoFactorStatus } from "@/server/domain/identity";
import { nowMs } from "@/server/lib/clock";
import { setAdminCookie } from "@/server/auth/credentials";
import { publicProcedure } from "@/server/trpc/procedures";
import { loginMeta, ZLoginRequestSchema, ZLoginResponseSchema } from "./login.types";

export const loginRoute = publicProcedure
  .meta(loginMeta)
  .input(ZLoginRequestSchema)
  .use(routePolicy)
  .output(ZLoginResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const s = await loginAdmin({ email: input.email, password: input.password, ip: ctx.clientIp(), userAgent: ctx.header("user-agent"), requestId: ctx.requestId, limits: ctx.limits, knownNetworkLimits: ctx.exemptionLimits });
    setAdminCookie(ctx, s.token, s.expiresAt, nowMs());
    const tf = await twoFactorStatus({ accountId: s.accountId, sessionVerified: false });
    return { token: s.token, account_id: s.accountId, expires_at: s.expiresAt.toISOString(), two_factor_enabled: tf.enabled };
  });
