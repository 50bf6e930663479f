import type { IncomingMessage, ServerResponse } from "node:http";
import { parseCookies } from "@/server/lib/cookies";
import nextAuthModule, { type AuthOptions } from "next-auth";
import { getToken } from "next-auth/jwt";
import { config } from "@/server/config/env";
import { AppError } from "@/server/errors/app-error";
import { derivedKey } from "@/server/lib/crypto";
import { logger } from "@/server/logging/logger";
import { secureCookies } from "../credentials";

/**
 * Console sign-in through the company's OpenID Connect provider, with next-auth as the client:
 * discovery, the authorization redirect with state, PKCE and nonce, the code exchange and the ID
 * token's verification (signature from the provider's JWKS, issuer, audience, expiry) are its
 * work. Its only product here is a short hand-off — the provider's subject and e-mail in its own
 * encrypted session cookie, for five minutes — which /api/sso/complete turns into a Playloop
 * console session (still short of two-factor) or a link, and clears. next-auth's own session is
 * never a credential of this service: no route reads it but that one.
 */
export const AUTH_BASE = "/api/auth";
export const SSO_PROVIDER_ID = "oidc";
export const COMPLETE_PATH = "/api/sso/complete";
const HANDOFF_SECONDS = 300;

type TSso = NonNullable<ReturnType<typeof config>["adminSso"]>;
export type THandoff = { id: string; subject: string; email: string | null };

/**
 * The next-auth routes this service uses: the providers list and CSRF token the sign-in page asks
 * for, the sign-in POST and the provider's callback. The rest — its session (which would renew a
 * hand-off), its sign-out, its client log (an unauthenticated write to our logs), its pages —
 * answer 404; its error route (where a failed callback goes) is answered here.
 */
const ACTIONS: Record<string, readonly string[]> = { providers: ["GET"], csrf: ["GET"], signin: ["POST"], callback: ["GET"] };

function secret(): string {
  return derivedKey("admin-sso-handoff").toString("base64url");
}

/** The configured provider; 404 `not_found` when ADMIN_SSO_* is not set (every single sign-on route and procedure asks here). */
export function configuredSso(): TSso {
  const sso = config().adminSso;
  if (!sso) throw new AppError("not_found", "Single sign-on is not configured (ADMIN_SSO_ISSUER)");
  return sso;
}

type TNextAuthApi = (req: unknown, res: unknown, options: AuthOptions) => Promise<void>;
/** next-auth is CommonJS: through Node's ESM loader (the compiled server) its default export arrives as the module object. */
const NextAuth = ((m: unknown) => (typeof m === "function" ? m : (m as { default: unknown }).default))(nextAuthModule) as TNextAuthApi;

let prepared: { sso: TSso; options: AuthOptions } | null = null;

function authOptions(sso: TSso): AuthOptions {
  if (prepared?.sso === sso) return prepared.options;
  // next-auth finds its own URL (callback, redirects) in NEXTAUTH_URL; it is this service's public base.
  process.env.NEXTAUTH_URL = `${config().publicBaseUrl}${AUTH_BASE}`;
  const options: AuthOptions = {
    secret: secret(),
    useSecureCookies: secureCookies(),
    providers: [
      {
        id: SSO_PROVIDER_ID,
        name: sso.name,
        type: "oauth",
        wellKnown: `${sso.issuer}/.well-known/openid-configuration`,
        clientId: sso.clientId,
        clientSecret: sso.clientSecret,
        idToken: true,
        checks: ["pkce", "state", "nonce"],
        authorization: { params: { scope: "openid email" } },
        profile: (p: { sub: string; email?: string; email_verified?: boolean }) => ({ id: p.sub, email: p.email && p.email_verified !== false ? p.email : null }),
      },
    ],
    session: { strategy: "jwt", maxAge: HANDOFF_SECONDS },
    jwt: { maxAge: HANDOFF_SECONDS },
    // next-auth's own pages are not served: the console's sign-in page shows the outcome.
    pages: { signIn: "/login", error: "/login" },
    callbacks: {
      // Only the subject and the e-mail cross over, never the provider's tokens; the e-mail as the
      // profile mapper above gave it (the raw claims' would keep an unverified address).
      jwt: ({ token, account, user }) => {
        if (account) return { sso: { subject: account.providerAccountId, email: user?.email ?? null } };
        return token;
      },
      // Every sign-in ends at the hand-off, whatever callbackUrl the request named.
      redirect: ({ baseUrl }) => `${new URL(baseUrl).origin}${COMPLETE_PATH}`,
    },
    // next-auth's messages name a code and may carry the provider's answer (tokens): the code only.
    logger: {
      error: (code) => logger().warn({ code }, "single sign-on error"),
      warn: (code) => logger().warn({ code }, "single sign-on warning"),
      debug: () => undefined,
    },
  };
  prepared = { sso, options };
  return options;
}

/** Serves next-auth's routes under /api/auth (csrf, providers, signin, callback, signout): a Node request and response dressed as its pages-API handler expects them. */
export async function serveNextAuth(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer | undefined): Promise<void> {
  const sso = configuredSso();
  const segments = url.pathname.slice(AUTH_BASE.length + 1).split("/").filter(Boolean).map(decodeURIComponent);
  const action = segments[0] ?? "";
  if (action === "error") {
    // next-auth's error route would echo its `error` parameter into a Location header unencoded.
    res.writeHead(303, { Location: "/login?sso=failed", "Cache-Control": "no-store" });
    return void res.end();
  }
  if (!ACTIONS[action]?.includes(req.method ?? "GET")) throw new AppError("not_found", "No such single sign-on route");
  const query: Record<string, unknown> = Object.fromEntries(url.searchParams);
  query.nextauth = segments;
  let parsedBody: Record<string, string> | undefined;
  if (req.method === "POST" && body) {
    const type = req.headers["content-type"] ?? "";
    if (type.includes("application/x-www-form-urlencoded")) parsedBody = Object.fromEntries(new URLSearchParams(body.toString("utf8")));
    else if (type.includes("application/json")) {
      try {
        const j: unknown = JSON.parse(body.toString("utf8"));
        if (j && typeof j === "object" && !Array.isArray(j)) parsedBody = Object.fromEntries(Object.entries(j).filter(([, v]) => typeof v === "string")) as Record<string, string>;
      } catch {
        parsedBody = undefined;
      }
    }
  }
  const nextReq = { method: req.method, headers: req.headers, query, cookies: Object.fromEntries(parseCookies(req.headers.cookie)), body: parsedBody ?? {} };
  const nextRes = {
    status(code: number) {
      res.statusCode = code;
      return nextRes;
    },
    setHeader(name: string, value: string | string[]) {
      res.setHeader(name, value);
      return nextRes;
    },
    getHeader: (name: string) => res.getHeader(name),
    end: (chunk?: string) => void res.end(chunk),
    json(value: unknown) {
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(value));
    },
    send(value: unknown) {
      if (value === undefined || value === null) return void res.end();
      if (typeof value === "string" || Buffer.isBuffer(value)) return void res.end(value);
      nextRes.json(value);
    },
  };
  res.setHeader("Cache-Control", "no-store");
  await NextAuth(nextReq, nextRes, authOptions(sso));
}

/**
 * The hand-off next-auth left in its session cookie (five minutes), or null; from the cookie only
 * (getToken would also take it as a bearer token). `id` is its token id: a session it opens records
 * it, so a copy of the cookie opens nothing more.
 */
export async function readHandoff(req: IncomingMessage): Promise<THandoff | null> {
  const token = await getToken({
    req: { headers: {}, cookies: Object.fromEntries(parseCookies(req.headers.cookie)) } as never,
    secret: secret(),
    secureCookie: secureCookies(),
    logger: { error: () => undefined, warn: () => undefined, debug: () => undefined } as never,
  });
  const h = (token as { sso?: { subject?: unknown; email?: unknown }; jti?: unknown } | null);
  const subject = h?.sso?.subject;
  if (typeof subject !== "string" || subject === "" || typeof h?.jti !== "string") return null;
  return { id: h.jti, subject, email: typeof h.sso?.email === "string" ? h.sso.email : null };
}

/** Clears next-auth's session cookie, so the hand-off is used once by this browser. */
export function clearHandoffCookie(): string {
  const name = secureCookies() ? "__Secure-next-auth.session-token" : "next-auth.session-token";
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureCookies() ? "; Secure" : ""}`;
}
