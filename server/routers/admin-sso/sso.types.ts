import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";

const tags = ["Admin: account"];
const about =
  "Single sign-on lets an admin sign in to the console through the company's OpenID Connect provider (configured with `ADMIN_SSO_ISSUER`, `ADMIN_SSO_CLIENT_ID`, `ADMIN_SSO_CLIENT_SECRET`; docs/operations/single-sign-on.md). It is a second way to the password's first step, never past two-factor: a provider sign-in opens a session that still needs the account's TOTP code. An identity is linked only by its account, from the console, never by matching e-mail addresses.";

export const ZSsoEmptySchema = z.object({}).optional();
export const ZSsoStatusSchema = z.object({
  configured: z.boolean().describe("Whether this deployment has a provider (ADMIN_SSO_*)"),
  provider_name: z.string().nullable().describe("What the console's button names, `Sign in with …`; null when not configured"),
  linked: z
    .object({
      email: z.string().nullable().describe("The e-mail the provider gave when the identity was linked (when it said the address is verified)"),
      linked_at: z.string().describe("ISO 8601"),
      last_used_at: z.string().nullable().describe("The last sign-in through it, ISO 8601"),
    })
    .nullable()
    .describe("The provider identity linked to this account, if any"),
});
export const ZSsoLinkResponseSchema = z.object({
  sign_in_path: z.string().describe("Where the browser goes next: next-auth's sign-in for the provider (POST with its CSRF token)"),
  expires_in: z.number().int().describe("Seconds the link intent lasts"),
});
export const ZSsoUnlinkResponseSchema = z.object({ unlinked: z.boolean().describe("False when no identity was linked") });

export const ssoStatusMeta: TMeta = {
  auth: "admin",
  openapi: { method: "GET", path: "/v1/admin/sso", tags, summary: "Single sign-on status", description: `${about} Answers whether a provider is configured and which identity, if any, this account has linked.` },
};
export const ssoLinkMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/sso/link",
    tags,
    summary: "Begin linking a provider identity",
    description: `${about} Sets a signed, ten-minute link-intent cookie (HttpOnly, SameSite=Lax, path /api/sso) naming this session, and answers where the browser signs in at the provider next. When that sign-in returns, the identity is linked to this account if this session is then still active and past two-factor, and the browser lands on /account?sso=linked — or \`taken\` (another account has linked this identity), \`already_linked\` (unlink the current one first), \`session_gone\`. A browser flow: the cookie is what carries the intent, so a bearer-token client has no use for it. 404 when no provider is configured.`,
  },
};
export const ssoUnlinkMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: {
    method: "DELETE",
    path: "/v1/admin/sso",
    tags,
    summary: "Unlink the provider identity",
    description: `${about} Removes this account's identity of the configured provider (audited); sessions it opened stay until they end or are revoked. \`unlinked: false\` when none was linked. 404 when no provider is configured.`,
  },
};
