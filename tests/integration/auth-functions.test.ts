import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateAdmin } from "@/server/auth/admin";
import { ADMIN_COOKIE } from "@/server/auth/credentials";
import { authenticatePlayer } from "@/server/auth/player";
import { authenticateServerKey } from "@/server/auth/server-key";
import { startTestServer, type TTestServer } from "../helpers/server";
import { adminCookie, client, createApiKey, createProject, randomIp, uniqueEmail, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { authRequest } from "../helpers/auth-request";
import { API_ORIGIN, newPlayer } from "../helpers/play";

/**
 * The one authentication function per audience, called without tRPC or HTTP: the same functions
 * back the procedure builders and the plain route handlers, so their answers are pinned here.
 */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let projectId: string;
let apiKey: string;
let unverifiedToken: string;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  projectId = await createProject(call, admin);
  apiKey = await createApiKey(call, admin, projectId);
  const email = uniqueEmail();
  await call("POST", "/v1/admin/auth/signup", { ip: randomIp(), body: { email, password: "correct horse battery" } });
  unverifiedToken = (await call("POST", "/v1/admin/auth/login", { ip: randomIp(), body: { email, password: "correct horse battery" } })).body.token;
});
afterAll(() => server.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const refusal = (code: string) => expect.objectContaining({ name: "AppError", appCode: code });

describe("authenticateAdmin", () => {
  it("takes a bearer token or the cookie, and says which", async () => {
    expect(await authenticateAdmin(authRequest({ headers: bearer(admin.token) }))).toMatchObject({ via: "bearer", admin: { accountId: admin.accountId, twoFactorVerified: true } });
    expect(await authenticateAdmin(authRequest({ cookies: { [ADMIN_COOKIE]: admin.token } }))).toMatchObject({ via: "cookie" });
  });

  it("refuses a missing or unknown credential (401) and a cookie write without an allowed Origin (403), bearer or not", async () => {
    await expect(authenticateAdmin(authRequest())).rejects.toEqual(refusal("unauthorized"));
    await expect(authenticateAdmin(authRequest({ headers: bearer("not-a-jwt") }))).rejects.toEqual(refusal("unauthorized"));
    for (const origin of [undefined, "https://evil.example"]) {
      await expect(authenticateAdmin(authRequest({ method: "POST", origin, headers: bearer(admin.token), cookies: { [ADMIN_COOKIE]: admin.token } }))).rejects.toEqual(refusal("origin_not_allowed"));
    }
    expect(await authenticateAdmin(authRequest({ method: "POST", origin: API_ORIGIN, cookies: { [ADMIN_COOKIE]: admin.token } }))).toMatchObject({ via: "cookie" });
    expect(await authenticateAdmin(authRequest({ method: "POST", headers: bearer(admin.token) }))).toMatchObject({ via: "bearer" });
  });

  it("requires verified two-factor unless the route is a bootstrap one", async () => {
    await expect(authenticateAdmin(authRequest({ headers: bearer(unverifiedToken) }))).rejects.toEqual(
      expect.objectContaining({ appCode: "two_factor_required", details: { two_factor_enabled: false } }),
    );
    expect(await authenticateAdmin(authRequest({ headers: bearer(unverifiedToken) }), { requireTwoFactor: false })).toMatchObject({ admin: { twoFactorVerified: false } });
  });

  it("is what the plain widget preview answers with: the same 403 as the admin procedures", async () => {
    const signup = await call("POST", "/v1/admin/auth/signup", { ip: randomIp(), body: { email: uniqueEmail(), password: "correct horse battery" } });
    const cookie = adminCookie(signup.headers)!;
    const preview = await call("GET", `/v1/admin/widget-preview?project_id=${projectId}&mode=preview`, { cookie });
    const procedure = await call("GET", `/v1/admin/projects/${projectId}`, { cookie });
    expect(preview.status).toBe(403);
    const { request_id: _a, ...previewBody } = preview.body;
    const { request_id: _b, ...procedureBody } = procedure.body;
    expect(previewBody).toEqual(procedureBody);
  });
});

describe("authenticatePlayer", () => {
  it("takes a bearer session token, or the legacy query token where the route allows it (with Referrer-Policy)", async () => {
    const p = await newPlayer(call, projectId, apiKey);
    expect(await authenticatePlayer(authRequest({ headers: bearer(p.token) }))).toMatchObject({ projectId, externalUserId: p.externalUserId });
    const req = authRequest();
    expect(await authenticatePlayer(req, { queryToken: p.token })).toMatchObject({ projectId });
    expect(req.responseHeaders).toEqual([["Referrer-Policy", "no-referrer"]]);
    expect(await authenticatePlayer(authRequest(), { optional: true })).toBeNull();
    await expect(authenticatePlayer(authRequest())).rejects.toEqual(refusal("unauthorized"));
    await expect(authenticatePlayer(authRequest({ headers: bearer(admin.token) }))).rejects.toEqual(refusal("unauthorized"));
  });

  it("binds an anonymous session to the site it was minted for", async () => {
    const site = await createProject(call, admin, { allowed_origins: ["https://shop.example"] });
    await call("PATCH", `/v1/admin/projects/${site}`, { token: admin.token, body: { play_mechanic: "match3_v1" } });
    const s = await call("POST", "/v1/widget/session", { ip: randomIp(), headers: { origin: "https://shop.example" }, body: { project_id: site, anonymous_id: "browser-auth-fn-01" } });
    const token = s.body.session_token as string;
    await expect(authenticatePlayer(authRequest({ origin: "https://evil.example", headers: bearer(token) }))).rejects.toEqual(refusal("origin_not_allowed"));
    for (const origin of ["https://shop.example", API_ORIGIN, undefined]) expect(await authenticatePlayer(authRequest({ origin, headers: bearer(token) }))).toMatchObject({ projectId: site });
  });
});

describe("authenticateServerKey", () => {
  it("takes the key as Bearer, X-Service-Server-Key or X-Legacy-Server-Key, and nothing else", async () => {
    for (const headers of [bearer(apiKey), { "X-Service-Server-Key": apiKey }, { "X-Legacy-Server-Key": ` ${apiKey} ` }] as Array<Record<string, string>>) {
      expect(await authenticateServerKey(authRequest({ headers })), JSON.stringify(Object.keys(headers))).toMatchObject({ projectId });
    }
    for (const headers of [{}, bearer(admin.token), { "X-Service-Server-Key": "pl_wrong" }] as Array<Record<string, string>>) {
      await expect(authenticateServerKey(authRequest({ headers }))).rejects.toEqual(refusal("unauthorized"));
    }
  });
});
