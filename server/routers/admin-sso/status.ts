import { linkedIdentity } from "@/server/domain/identity";
import { config } from "@/server/config/env";
import { adminProcedure } from "@/server/trpc/procedures";
import { ssoStatusMeta, ZSsoEmptySchema, ZSsoStatusSchema } from "./sso.types";

export const ssoStatusRoute = adminProcedure
  .meta(ssoStatusMeta)
  .input(ZSsoEmptySchema)
  .output(ZSsoStatusSchema)
  .query(async ({ ctx }) => {
    const sso = config().adminSso;
    if (!sso) return { configured: false, provider_name: null, linked: null };
    const linked = await linkedIdentity({ accountId: ctx.admin.accountId, issuer: sso.issuer });
    return {
      configured: true,
      provider_name: sso.name,
      linked: linked && { email: linked.email, linked_at: linked.linkedAt.toISOString(), last_used_at: linked.lastUsedAt?.toISOString() ?? null },
    };
  });
