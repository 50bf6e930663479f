import { logoutAdminSession } from "@/server/domain/identity";
import { clearAdminCookie } from "@/server/auth/credentials";
import { adminBootstrapProcedure } from "@/server/trpc/procedures";
import { logoutMeta, ZLogoutRequestSchema, ZLogoutResponseSchema } from "./logout.types";

export const logoutRoute = adminBootstrapProcedure
  .meta(logoutMeta)
  .input(ZLogoutRequestSchema)
  .output(ZLogoutResponseSchema)
  .mutation(async ({ ctx }) => {
    await logoutAdminSession({ sessionId: ctx.admin.sessionId, accountId: ctx.admin.accountId, requestId: ctx.requestId });
    clearAdminCookie(ctx);
    return { ok: true as const };
  });
