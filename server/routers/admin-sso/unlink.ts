import { unlinkAdminIdentity } from "@/server/domain/identity";
import { config } from "@/server/config/env";
import { AppError } from "@/server/errors/app-error";
import { adminProcedure } from "@/server/trpc/procedures";
import { ssoUnlinkMeta, ZSsoEmptySchema, ZSsoUnlinkResponseSchema } from "./sso.types";

export const ssoUnlinkRoute = adminProcedure
  .meta(ssoUnlinkMeta)
  .input(ZSsoEmptySchema)
  .output(ZSsoUnlinkResponseSchema)
  .mutation(async ({ ctx }) => {
    const sso = config().adminSso;
    if (!sso) throw new AppError("not_found", "Single sign-on is not configured");
    return { unlinked: await unlinkAdminIdentity({ accountId: ctx.admin.accountId, issuer: sso.issuer, requestId: ctx.requestId }) };
  });
