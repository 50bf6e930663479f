import { routePolicy } from "@/server/trpc/policy";
import { signupAdmin } from "@/server/domain/identity";
import { nowMs } from "@/server/lib/clock";
import { setAdminCookie } from "@/server/auth/credentials";
import { publicProcedure } from "@/server/trpc/procedures";
import { signupMeta, ZSignupRequestSchema, ZSignupResponseSchema } from "./signup.types";

export const signupRoute = publicProcedure
  .meta(signupMeta)
  .input(ZSignupRequestSchema)
  .use(routePolicy)
  .output(ZSignupResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await signupAdmin({ email: input.email, password: input.password, ip: ctx.clientIp(), userAgent: ctx.header("user-agent"), requestId: ctx.requestId, limits: ctx.limits });
    if (result.session) setAdminCookie(ctx, result.session.token, result.session.expiresAt, nowMs());
    return { account_id: result.accountId };
  });
