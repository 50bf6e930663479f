import { routePolicy } from "@/server/trpc/policy";
import { regenerateRecoveryCodes } from "@/server/domain/identity";
import { adminProcedure } from "@/server/trpc/procedures";
import { regenerateCodesMeta, ZRegenerateCodesResponseSchema, ZTotpCodeRequestSchema } from "./two-factor.types";

export const twoFactorRecoveryCodesRoute = adminProcedure
  .meta(regenerateCodesMeta)
  .input(ZTotpCodeRequestSchema)
  .use(routePolicy)
  .output(ZRegenerateCodesResponseSchema)
  .mutation(({ ctx, input }) => regenerateRecoveryCodes({ accountId: ctx.admin.accountId, sessionId: ctx.admin.sessionId, requestId: ctx.requestId, code: input.code }));
