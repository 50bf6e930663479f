import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forEachOpenApiProcedure } from "trpc-to-openapi";
import { appRouter } from "@/server/routers/_app";
import type { TMeta } from "@/server/trpc/init";
import { advanceClock, nowMs } from "@/server/lib/clock";
import { startTestServer, type TTestServer } from "../helpers/server";
import { adminCookie, client, createApiKey, createProject, randomIp, uniqueEmail, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";

/**
 * Every route × every kind of wrong credential. Routes come from the router itself, so a new
 * route joins the matrix automatically; its `auth` meta says which plane it belongs to.
 */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let projectId: string;
let apiKey: string;
let playerToken: string;
let unverifiedToken: string;
let unverifiedCookie: string;

type TRoute = { method: string; path: string; auth: string };
const routes: TRoute[] = [];
forEachOpenApiProcedure(appRouter._def.procedures, ({ meta }) => {
  const m = meta as TMeta & { openapi: NonNullable<TMeta["openapi"]> };
  routes.push({ method: m.openapi.method, path: m.openapi.path, auth: m.auth ?? "none" });
});

function concrete(path: string): string {
  return path
    .replace("{project_id}", projectId)
    .replace(/\{[a-z_]+_id\}/g, "00000000-0000-4000-8000-000000000000")
    .replace(/\{[a-z_]+\}/g, "x");
}

function b64url(o: unknown) {
  return Buffer.from(JSON.stringify(o)).toString("base64url");
}

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  projectId = await createProject(call, admin);
  apiKey = await createApiKey(call, admin, projectId);
  playerToken = (await call("POST", "/v1/server/session-token", { token: apiKey, ip: randomIp(), body: { project_id: projectId, external_user_id: "matrix-user" } })).body.session_token;
  const email = uniqueEmail();
  const signup = await call("POST", "/v1/admin/auth/signup", { ip: randomIp(), body: { email, password: "correct horse battery" } });
  unverifiedCookie = adminCookie(signup.headers)!;
  unverifiedToken = (await call("POST", "/v1/admin/auth/login", { ip: randomIp(), body: { email, password: "correct horse battery" } })).body.token;
});
afterAll(() => server.close());

const adminRoutes = () => routes.filter((r) => r.auth === "admin" || r.auth === "admin_bootstrap");

describe("auth matrix", () => {
  it("knows every route's plane", () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) expect(["none", "admin", "admin_bootstrap", "session", "session_or_query", "server_key"]).toContain(r.auth);
  });

  it("refuses every protected route without a credential (401)", async () => {
    for (const r of routes.filter((r) => r.auth !== "none")) {
      const res = await call(r.method, concrete(r.path), { body: r.method === "GET" || r.method === "DELETE" ? undefined : {} });
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
      expect(res.body.code).toBe("unauthorized");
    }
  });

  it("refuses credentials of another plane on admin routes (player token, API key)", async () => {
    for (const r of adminRoutes()) {
      for (const token of [playerToken, apiKey]) {
        const res = await call(r.method, concrete(r.path), { token, body: r.method === "GET" || r.method === "DELETE" ? undefined : {} });
        expect(res.status, `${r.method} ${r.path}`).toBe(401);
      }
    }
  });

  it("refuses admin JWTs and player tokens on server-key routes", async () => {
    for (const r of routes.filter((r) => r.auth === "server_key")) {
      for (const token of [admin.token, playerToken]) {
        const res = await call(r.method, concrete(r.path), { token, body: { project_id: projectId, external_user_id: "u" } });
        expect(res.status, `${r.method} ${r.path}`).toBe(401);
      }
    }
  });

  it("refuses API keys and admin JWTs on every player route", async () => {
    for (const r of routes.filter((r) => r.auth === "session" || r.auth === "session_or_query")) {
      for (const token of [apiKey, admin.token]) {
        const res = await call(r.method, concrete(r.path), { token, headers: { origin: "http://localhost:3000" }, body: r.method === "GET" ? undefined : {} });
        expect(res.status, `${r.method} ${r.path}`).toBe(401);
        expect(res.body.code).toBe("unauthorized");
      }
    }
  });

  it("refuses API keys and admin JWTs where a widget session is optional", async () => {
    for (const token of [apiKey, admin.token]) {
      expect((await call("GET", `/v1/widget/config?project_id=${projectId}`, { token })).status).toBe(401);
      expect((await call("GET", `/v1/widget/exposure?project_id=${projectId}`, { token })).status).toBe(401);
    }
  });

  it("blocks every non-bootstrap admin route until 2FA passes (403 two_factor_required)", async () => {
    for (const r of routes.filter((r) => r.auth === "admin")) {
      const res = await call(r.method, concrete(r.path), { token: unverifiedToken, body: r.method === "GET" || r.method === "DELETE" ? undefined : {} });
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
      expect(res.body.code).toBe("two_factor_required");
    }
    for (const r of routes.filter((r) => r.auth === "admin_bootstrap" && r.method === "GET")) {
      expect((await call(r.method, concrete(r.path), { token: unverifiedToken })).status, r.path).toBe(200);
    }
  });

  it("refuses tampered, alg=none, revoked and expired admin tokens, also on me and the 2FA routes", async () => {
    const [h, p, s] = admin.token.split(".") as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, "base64url").toString());
    const tampered = `${h}.${b64url({ ...payload, sub: "00000000-0000-4000-8000-000000000000" })}.${s}`;
    const algNone = `${b64url({ alg: "none", typ: "JWT" })}.${p}.`;
    const forged = `${h}.${p}.${Buffer.from("forged-signature").toString("base64url")}`;
    const bootstrap = routes.filter((r) => r.auth === "admin_bootstrap" && r.path !== "/v1/admin/auth/logout");
    for (const token of [tampered, algNone, forged]) {
      for (const r of [...bootstrap, ...routes.filter((r) => r.auth === "admin").slice(0, 5)]) {
        const res = await call(r.method, concrete(r.path), { token, body: r.method === "GET" || r.method === "DELETE" ? undefined : { code: "123456" } });
        expect(res.status, `${r.method} ${r.path}`).toBe(401);
      }
    }
    // Revoked: a correctly signed token whose registry record is revoked.
    const victim = await verifiedAdmin(call);
    await call("POST", "/v1/admin/auth/logout", { token: victim.token });
    for (const r of bootstrap) {
      expect((await call(r.method, concrete(r.path), { token: victim.token, body: r.method === "GET" ? undefined : { code: "123456" } })).status, r.path).toBe(401);
    }
    // Expired.
    const late = await verifiedAdmin(call);
    const exp = new Date((await call("GET", "/v1/admin/me", { token: late.token })).body.session_expires_at).getTime();
    advanceClock(exp - nowMs());
    try {
      expect((await call("GET", "/v1/admin/me", { token: late.token })).status).toBe(401);
      expect((await call("GET", "/v1/admin/projects", { token: late.token })).status).toBe(401);
    } finally {
      advanceClock(-(exp - nowMs()) - 1000);
    }
  });

  it("refuses every cookie-authenticated admin write without an allowed Origin", async () => {
    for (const r of adminRoutes().filter((r) => r.method !== "GET")) {
      for (const origin of [undefined, "https://evil.example"]) {
        const res = await call(r.method, concrete(r.path), {
          cookie: unverifiedCookie,
          token: admin.token, // a bearer beside the cookie does not lift the rule
          headers: origin ? { origin } : {},
          body: r.method === "DELETE" ? undefined : {},
        });
        expect(res.status, `${r.method} ${r.path} origin=${origin}`).toBe(403);
        expect(res.body.code).toBe("origin_not_allowed");
      }
    }
  });

  it("documents each route's auth scheme in the OpenAPI document", async () => {
    const doc = (await call("GET", "/docs/openapi.json")).body;
    for (const r of routes) {
      const op = doc.paths[r.path][r.method.toLowerCase()];
      if (r.auth === "none") expect(op.security, r.path).toBeUndefined();
      else expect(op.security.length, r.path).toBeGreaterThan(0);
      if (r.auth === "admin") expect(op.security).toContainEqual({ AdminBearer: [] });
      if (r.auth === "server_key") expect(op.security).toContainEqual({ ServerKeyHeader: [] });
    }
  });
});
