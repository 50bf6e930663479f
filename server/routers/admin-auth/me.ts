import { adminBootstrapProcedure } from "@/server/trpc/procedures";
import { meMeta, ZMeRequestSchema, ZMeResponseSchema } from "./me.types";

export const meRoute = adminBootstrapProcedure
  .meta(meMeta)
  .input(ZMeRequestSchema)
  .output(ZMeResponseSchema)
  .query(({ ctx }) => ({
    account_id: ctx.admin.accountId,
    email: ctx.admin.email,
    session_id: ctx.admin.sessionId,
    session_expires_at: ctx.admin.expiresAt.toISOString(),
    two_factor: { enabled: ctx.admin.twoFactorEnabled, session_verified: ctx.admin.twoFactorVerified },
  }));
