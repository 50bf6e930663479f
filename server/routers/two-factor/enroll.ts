import { enrollTwoFactor } from "@/server/domain/identity";
import { adminBootstrapProcedure } from "@/server/trpc/procedures";
import { enrollMeta, ZEmptyRequestSchema, ZEnrollResponseSchema } from "./two-factor.types";

export const twoFactorEnrollRoute = adminBootstrapProcedure
  .meta(enrollMeta)
  .input(ZEmptyRequestSchema)
  .output(ZEnrollResponseSchema)
  .mutation(({ ctx }) =>
    enrollTwoFactor({ accountId: ctx.admin.accountId, sessionId: ctx.admin.sessionId, email: ctx.admin.email, requestId: ctx.requestId }),
  );
