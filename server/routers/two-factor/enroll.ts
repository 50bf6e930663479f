import { routePolicy } from "@/server/trpc/policy";
import { enrollTwoFactor } from "@/server/domain/identity";
import { adminBootstrapProcedure } from "@/server/trpc/procedures";
import { enrollMeta, ZEnrollRequestSchema, ZEnrollResponseSchema } from "./two-factor.types";

export const twoFactorEnrollRoute = adminBootstrapProcedure
  .meta(enrollMeta)
  .input(ZEnrollRequestSchema)
  .use(routePolicy)
  .output(ZEnrollResponseSchema)
  .mutation(({ ctx, input }) =>
    enrollTwoFactor({ accountId: ctx.admin.accountId, sessionId: ctx.admin.sessionId, email: ctx.admin.email, requestId: ctx.requestId, restart: input?.restart === true }),
  );
