import { unlinkAdminIdentity } from "@/server/domain/identity";
import { configuredSso } from "@/server/auth/sso/next-auth";
import { adminProcedure } from "@/server/trpc/procedures";
import { ssoUnlinkMeta, ZSsoEmptySchema, ZSsoUnlinkResponseSchema } from "./sso.types";

export const ssoUnlinkRoute = adminProcedure
  .meta(ssoUnlinkMeta)
  .input(ZSsoEmptySchema)
  .output(ZSsoUnlinkResponseSchema)
  .mutation(async ({ ctx }) => {
    const sso = configuredSso();
    return { unlinked: await unlinkAdminIdentity({ accountId: ctx.admin.accountId, issuer: sso.issuer, requestId: ctx.requestId }) };
  });
