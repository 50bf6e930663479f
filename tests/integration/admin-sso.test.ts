import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config, overrideConfig } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { startTestServer, type TTestServer } from "../helpers/server";
import { CookieJar, ssoSignIn, startFakeOidc, type TFakeOidc } from "../helpers/fake-oidc";
import { adminCookie, client, nextTotpStep, totp, uniqueEmail, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";

/**
 * Console sign-in through an OpenID Connect provider (a fake one on this machine): next-auth runs
 * the browser's flow against it for real — discovery, state, PKCE, nonce, the code exchange and the
 * ID token's signature — and the hand-off links an identity or opens a session short of two-factor.
 */
let server: TTestServer;
let call: TCall;
let idp: TFakeOidc;
const saved = { publicBaseUrl: config().publicBaseUrl, publicOrigin: config().publicOrigin, adminOrigins: config().adminOrigins, adminSso: config().adminSso };

beforeAll(async () => {
  idp = await startFakeOidc();
  server = await startTestServer();
  call = client(server.url);
  overrideConfig({
    publicBaseUrl: server.url,
    publicOrigin: server.url,
    adminOrigins: [server.url],
    adminSso: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, name: "Acme SSO" },
  });
});
afterAll(async () => {
  overrideConfig(saved);
  await server.close();
  await idp.close();
});

async function beginLink(admin: TAdmin): Promise<CookieJar> {
  const res = await call("POST", "/v1/admin/sso/link", { token: admin.token, ip: admin.ip });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ sign_in_path: "/api/auth/signin/oidc", expires_in: 600 });
  const jar = new CookieJar();
  jar.take(res.headers);
  expect(jar.has("playloop_sso_link")).toBe(true);
  return jar;
}

async function identities(accountId: string): Promise<number> {
  return (await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM admin_identity WHERE account_id = $1", [accountId])).rows[0]!.n;
}

const sub = () => `user-${Math.random().toString(36).slice(2, 10)}`;

describe("single sign-on", () => {
  it("lists the provider through next-auth's own route", async () => {
    const res = await call("GET", "/api/auth/providers");
    expect(res.status).toBe(200);
    expect(res.body.oidc).toMatchObject({ id: "oidc", name: "Acme SSO", type: "oauth" });
  });

  it("opens no session for an identity that no account linked", async () => {
    idp.signInAs({ sub: sub(), email: "stranger@example.test" });
    const r = await ssoSignIn(server.url);
    expect(r.location).toBe("/login?sso=not_linked");
    expect(r.jar.has("legacy_admin_session")).toBe(false);
    expect(r.jar.has("next-auth.session-token")).toBe(false);
  });

  it("links from a verified session; a later provider sign-in opens a session that still needs the TOTP code", async () => {
    const admin = await verifiedAdmin(call);
    const who = { sub: sub(), email: admin.email };
    idp.signInAs(who);
    const linked = await ssoSignIn(server.url, await beginLink(admin));
    expect(linked.location).toBe("/account?sso=linked");
    expect(linked.jar.has("playloop_sso_link")).toBe(false);
    const status = await call("GET", "/v1/admin/sso", { token: admin.token, ip: admin.ip });
    expect(status.body).toMatchObject({ configured: true, provider_name: "Acme SSO", linked: { email: admin.email, last_used_at: null } });

    const r = await ssoSignIn(server.url, new CookieJar(), { ip: admin.ip });
    expect(r.location).toBe("/2fa");
    const cookie = `legacy_admin_session=${r.jar.get("legacy_admin_session")}`;
    const me = await call("GET", "/v1/admin/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.body.account_id).toBe(admin.accountId);
    expect(me.body.two_factor).toEqual({ enabled: true, session_verified: false });
    const before = await call("GET", "/v1/admin/projects", { cookie });
    expect(before.status).toBe(403);
    expect(before.body.code).toBe("two_factor_required");

    nextTotpStep();
    const ch = await call("POST", "/v1/admin/two-factor/challenge", { cookie, headers: { origin: server.url }, body: { code: await totp(admin.secret) } });
    expect(ch.status).toBe(200);
    expect((await call("GET", "/v1/admin/projects", { cookie })).status).toBe(200);
    const after = await call("GET", "/v1/admin/sso", { token: admin.token, ip: admin.ip });
    expect(after.body.linked.last_used_at).not.toBeNull();
    const audit = await pool().query("SELECT action, metadata FROM audit_log WHERE account_id = $1 AND action IN ('admin.sso_linked', 'admin.login') ORDER BY id", [admin.accountId]);
    expect(audit.rows.map((a) => a.action)).toContain("admin.sso_linked");
    expect(audit.rows.some((a) => a.action === "admin.login" && a.metadata?.via === "sso")).toBe(true);
  });

  it("refuses an identity that another account linked, and a second identity for one account", async () => {
    const owner = await verifiedAdmin(call);
    const other = await verifiedAdmin(call);
    const taken = { sub: sub() };
    idp.signInAs(taken);
    expect((await ssoSignIn(server.url, await beginLink(owner))).location).toBe("/account?sso=linked");
    idp.signInAs(taken);
    expect((await ssoSignIn(server.url, await beginLink(other))).location).toBe("/account?sso=taken");
    expect(await identities(other.accountId)).toBe(0);
    idp.signInAs({ sub: sub() });
    expect((await ssoSignIn(server.url, await beginLink(owner))).location).toBe("/account?sso=already_linked");
    expect(await identities(owner.accountId)).toBe(1);
    // The identity still signs in its owner only.
    idp.signInAs(taken);
    const r = await ssoSignIn(server.url);
    const me = await call("GET", "/v1/admin/me", { cookie: `legacy_admin_session=${r.jar.get("legacy_admin_session")}` });
    expect(me.body.account_id).toBe(owner.accountId);
  });

  it("links nothing for a session that ended before the provider answered", async () => {
    const admin = await verifiedAdmin(call);
    const jar = await beginLink(admin);
    expect((await call("POST", "/v1/admin/auth/logout", { token: admin.token, ip: admin.ip })).status).toBe(200);
    idp.signInAs({ sub: sub() });
    expect((await ssoSignIn(server.url, jar)).location).toBe("/account?sso=session_gone");
    expect(await identities(admin.accountId)).toBe(0);
  });

  it("reads a tampered link intent as no intent: a sign-in, which links nothing", async () => {
    const admin = await verifiedAdmin(call);
    const jar = await beginLink(admin);
    const forged = new CookieJar();
    const [s, a, exp, mac] = jar.get("playloop_sso_link")!.split(".");
    const h = new Headers();
    h.append("set-cookie", `playloop_sso_link=${s}.${a}.${Number(exp) + 86_400}.${mac}; Path=/api/sso`);
    forged.take(h);
    idp.signInAs({ sub: sub() });
    expect((await ssoSignIn(server.url, forged)).location).toBe("/login?sso=not_linked");
    expect(await identities(admin.accountId)).toBe(0);
  });

  it("opens nothing when the ID token is not signed by the provider's key", async () => {
    const admin = await verifiedAdmin(call);
    const who = { sub: sub() };
    idp.signInAs(who);
    expect((await ssoSignIn(server.url, await beginLink(admin))).location).toBe("/account?sso=linked");
    idp.signInAs(who);
    idp.forgeNextToken();
    const r = await ssoSignIn(server.url);
    // next-auth sends a failed callback to its error route, which sends the browser to the sign-in page.
    expect(r.location).toBe("/login?sso=failed");
    expect(r.jar.has("legacy_admin_session")).toBe(false);
  });

  it("opens one session per hand-off: a copy of its cookie, or the same value as a bearer token, opens nothing", async () => {
    const admin = await verifiedAdmin(call);
    const who = { sub: sub() };
    idp.signInAs(who);
    expect((await ssoSignIn(server.url, await beginLink(admin))).location).toBe("/account?sso=linked");
    idp.signInAs(who);
    const first = await ssoSignIn(server.url);
    expect(first.location).toBe("/2fa");
    expect(first.handoff).toBeTruthy();
    const sessions = async () => (await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM admin_session WHERE account_id = $1", [admin.accountId])).rows[0]!.n;
    const before = await sessions();
    const copy = await fetch(`${server.url}/api/sso/complete`, { redirect: "manual", headers: { cookie: `next-auth.session-token=${first.handoff}` } });
    expect(copy.headers.get("location")).toBe("/login?sso=failed");
    expect(adminCookie(copy.headers)).toBeNull();
    const bearer = await fetch(`${server.url}/api/sso/complete`, { redirect: "manual", headers: { authorization: `Bearer ${first.handoff}` } });
    expect(bearer.headers.get("location")).toBe("/login?sso=failed");
    // next-auth's session route, which would renew the hand-off, is not served.
    expect((await fetch(`${server.url}/api/auth/session`, { headers: { cookie: `next-auth.session-token=${first.handoff}` } })).status).toBe(404);
    expect(await sessions()).toBe(before);
  });

  it("serves only the next-auth routes the flow uses", async () => {
    expect((await call("GET", "/api/auth/session")).status).toBe(404);
    expect((await call("POST", "/api/auth/_log", { rawBody: "level=error&code=forged", headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(404);
    expect((await call("POST", "/api/auth/signout", { rawBody: "", headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(404);
    // A callback without the flow's state is next-auth's to refuse: on to its error route.
    const bare = await fetch(`${server.url}/api/auth/callback/oidc`, { redirect: "manual" });
    expect([bare.status, bare.headers.get("location")]).toEqual([302, `${server.url}/api/auth/error?error=OAuthCallback`]);
    const error = await fetch(`${server.url}/api/auth/error?error=%0A%C3%BF`, { redirect: "manual" });
    expect([error.status, error.headers.get("location")]).toEqual([303, "/login?sso=failed"]);
  });

  it("keeps the provider's e-mail only when the provider says it is verified", async () => {
    const admin = await verifiedAdmin(call);
    idp.signInAs({ sub: sub(), email: "unverified@example.test", emailVerified: false });
    expect((await ssoSignIn(server.url, await beginLink(admin))).location).toBe("/account?sso=linked");
    expect((await call("GET", "/v1/admin/sso", { token: admin.token, ip: admin.ip })).body.linked.email).toBeNull();
  });

  it("uses a hand-off once in a browser: the completion clears it", async () => {
    const r = await ssoSignIn(server.url);
    const again = await fetch(`${server.url}/api/sso/complete`, { redirect: "manual", headers: { cookie: r.jar.header() } });
    expect(again.headers.get("location")).toBe("/login?sso=failed");
    expect(adminCookie(again.headers)).toBeNull();
  });

  it("unlinks, after which the provider signs nobody in", async () => {
    const admin = await verifiedAdmin(call);
    const who = { sub: sub(), email: uniqueEmail("sso") };
    idp.signInAs(who);
    expect((await ssoSignIn(server.url, await beginLink(admin))).location).toBe("/account?sso=linked");
    expect((await call("DELETE", "/v1/admin/sso", { token: admin.token, ip: admin.ip })).body).toEqual({ unlinked: true });
    expect((await call("DELETE", "/v1/admin/sso", { token: admin.token, ip: admin.ip })).body).toEqual({ unlinked: false });
    idp.signInAs(who);
    expect((await ssoSignIn(server.url)).location).toBe("/login?sso=not_linked");
  });

  it("answers 404 on its routes when no provider is configured", async () => {
    const admin = await verifiedAdmin(call);
    overrideConfig({ adminSso: undefined });
    try {
      const providers = await call("GET", "/api/auth/providers");
      expect([providers.status, providers.body]).toEqual([200, {}]);
      expect((await call("GET", "/api/auth/csrf")).status).toBe(404);
      expect((await call("GET", "/api/sso/complete")).status).toBe(404);
      expect((await call("GET", "/v1/admin/sso", { token: admin.token, ip: admin.ip })).body).toEqual({ configured: false, provider_name: null, linked: null });
      expect((await call("POST", "/v1/admin/sso/link", { token: admin.token, ip: admin.ip })).status).toBe(404);
      expect((await call("DELETE", "/v1/admin/sso", { token: admin.token, ip: admin.ip })).status).toBe(404);
    } finally {
      overrideConfig({ adminSso: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, name: "Acme SSO" } });
    }
  });
});
