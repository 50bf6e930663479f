import { nowMs } from "@/server/lib/clock";
import { linkIntentCookie } from "@/server/auth/sso/link-intent";
import { AUTH_BASE, configuredSso, SSO_PROVIDER_ID } from "@/server/auth/sso/next-auth";
import { adminProcedure } from "@/server/trpc/procedures";
import { ssoLinkMeta, ZSsoEmptySchema, ZSsoLinkResponseSchema } from "./sso.types";

export const ssoLinkRoute = adminProcedure
  .meta(ssoLinkMeta)
  .input(ZSsoEmptySchema)
  .output(ZSsoLinkResponseSchema)
  .mutation(({ ctx }) => {
    configuredSso();
    ctx.responseHeaders.push(["Set-Cookie", linkIntentCookie({ sessionId: ctx.admin.sessionId, accountId: ctx.admin.accountId, nowMs: nowMs() })]);
    return { sign_in_path: `${AUTH_BASE}/signin/${SSO_PROVIDER_ID}`, expires_in: 600 };
  });
