import { revokeAdminSession } from "@/server/domain/identity";
import { clearAdminCookie } from "@/server/auth/credentials";
import { adminProcedure } from "@/server/trpc/procedures";
import { sessionRevokeMeta, ZSessionRevokeRequestSchema, ZSessionRevokeResponseSchema } from "./session-revoke.types";

export const sessionRevokeRoute = adminProcedure
  .meta(sessionRevokeMeta)
  .input(ZSessionRevokeRequestSchema)
  .output(ZSessionRevokeResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await revokeAdminSession({
      accountId: ctx.admin.accountId,
      sessionId: input.session_id,
      currentSessionId: ctx.admin.sessionId,
      requestId: ctx.requestId,
    });
    if (result.current) clearAdminCookie(ctx);
    return result;
  });
