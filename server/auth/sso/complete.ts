import type { IncomingMessage, ServerResponse } from "node:http";
import { linkAdminIdentity, loginWithIdentity } from "@/server/domain/identity";
import { nowMs } from "@/server/lib/clock";
import type { TContext } from "@/server/trpc/context";
import { setAdminCookie } from "../credentials";
import { clearLinkIntentCookie, LINK_COOKIE, readLinkIntent } from "./link-intent";
import { clearHandoffCookie, configuredSso, readHandoff } from "./next-auth";

/**
 * GET /api/sso/complete, where every provider sign-in ends (next-auth's redirect). The hand-off
 * (the provider's subject and e-mail) is read and its cookie cleared; then:
 * - with a link intent of a live console session that passed two-factor: the identity is linked
 *   to that session's account → /account?sso=linked (or taken, already_linked, session_gone);
 * - otherwise, a sign-in: a new console session of the account that linked this identity, not yet
 *   past two-factor → /2fa (or /2fa/setup), exactly where a password sign-in goes next;
 *   /login?sso=not_linked when no account linked it, /login?sso=failed without a hand-off or with
 *   one that already opened a session (a copied cookie).
 */
export async function completeSso(req: IncomingMessage, res: ServerResponse, ctx: TContext): Promise<void> {
  const sso = configuredSso();
  const cookies = [clearHandoffCookie()];
  const intentValue = ctx.cookie(LINK_COOKIE);
  if (intentValue !== undefined) cookies.push(clearLinkIntentCookie());
  const handoff = await readHandoff(req);
  const intent = readLinkIntent(intentValue, nowMs());
  let location: string;
  if (!handoff) location = "/login?sso=failed";
  else {
    const identity = { issuer: sso.issuer, subject: handoff.subject, email: handoff.email };
    if (intent) {
      const outcome = await linkAdminIdentity({ ...intent, identity, requestId: ctx.requestId });
      location = `/account?sso=${outcome}`;
    } else {
      const session = await loginWithIdentity({ identity, handoffId: handoff.id, ip: ctx.clientIp(), userAgent: ctx.header("user-agent"), requestId: ctx.requestId });
      if (session === "replayed") location = "/login?sso=failed";
      else if (!session) location = "/login?sso=not_linked";
      else {
        setAdminCookie(ctx, session.token, session.expiresAt, nowMs());
        location = session.twoFactorEnabled ? "/2fa" : "/2fa/setup";
      }
    }
  }
  for (const [name, value] of ctx.responseHeaders) if (name.toLowerCase() === "set-cookie") cookies.push(value);
  res.statusCode = 303;
  res.setHeader("Set-Cookie", cookies);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Location", location);
  res.end();
}
