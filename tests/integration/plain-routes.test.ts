import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describePlainRoutes } from "@/server/http/openapi";
import { PLAIN_ROUTES } from "@/server/http/plain-routes/table";
import { createServer } from "@/server/http/server";
import { adminCookie, client, createApiKey, createProject, randomIp, uniqueEmail, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { API_ORIGIN } from "../helpers/play";
import { handlerCalls, INBOX_MAX_BYTES, RAW_BODY_TEST_ROUTES, signInbox } from "../helpers/raw-body-routes";

/**
 * The plain route table: production routes are documented from it and guarded by their declared
 * audience; routes that read the raw body (registered here from a test-only table) get the JSON
 * error contract, the early 413 and the shared authentication functions.
 */
let server: http.Server;
let base: URL;
let call: TCall;
let admin: TAdmin;

beforeAll(async () => {
  server = createServer({ plainRoutes: [...PLAIN_ROUTES, ...RAW_BODY_TEST_ROUTES] });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  call = client(base.origin);
  admin = await verifiedAdmin(call);
});
afterAll(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

function expectContractError(res: { status: number; body: any; headers: Headers }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.body).toMatchObject({ code, request_id: res.headers.get("x-request-id") });
  expect(typeof res.body.message).toBe("string");
}

/** A POST written by hand: declared length, chunked or not, and optionally never finished. */
function rawPost(path: string, opts: { headers: Record<string, string | number>; chunks: Buffer[]; finish: boolean }) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, path, method: "POST", headers: opts.headers }, (res) => {
      let data = "";
      res.on("data", (c) => (data += c));
      res.on("end", () => {
        resolve({ status: res.statusCode!, body: JSON.parse(data) });
        req.destroy();
      });
    });
    req.on("error", (e) => ((e as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(e)));
    for (const c of opts.chunks) req.write(c);
    if (opts.finish) req.end();
  });
}

describe("raw-body routes", () => {
  it("hand the handler the exact bytes: an HMAC over them verifies, the same JSON re-serialised does not", async () => {
    const raw = '{ "event":"paid",\n  "amount": 10 }';
    const ok = await call("POST", "/v1/test/inbox/tok_1", { rawBody: raw, headers: { "content-type": "application/json", "x-signature": signInbox(raw) } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ token: "tok_1", bytes: Buffer.byteLength(raw) });
    const reserialised = JSON.stringify(JSON.parse(raw));
    const bad = await call("POST", "/v1/test/inbox/tok_1", { rawBody: reserialised, headers: { "content-type": "application/json", "x-signature": signInbox(raw) } });
    expectContractError(bad, 401, "unauthorized");
    expect(bad.body.message).toBe("Signature does not match the body");
    expect(bad.headers.get("x-inbox-token")).toBe("tok_1"); // the request's responseHeaders travel on errors too
    const form = "a=1&b=2";
    expect((await call("POST", "/v1/test/inbox/tok_2", { rawBody: form, headers: { "content-type": "application/x-www-form-urlencoded", "x-signature": signInbox(form) } })).status).toBe(200);
  });

  it("refuses a declared Content-Length over the route's limit with 413 before reading the body", async () => {
    const before = handlerCalls.inbox;
    const res = await rawPost("/v1/test/inbox/tok_3", { headers: { "content-type": "application/json", "content-length": 50_000_000 }, chunks: [Buffer.from("{")], finish: false });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: "validation_error", message: `Request body exceeds ${INBOX_MAX_BYTES} bytes` });
    expect(handlerCalls.inbox).toBe(before);
  });

  it("cuts off a chunked body as it crosses the limit (413), and accepts exactly the limit", async () => {
    const res = await rawPost("/v1/test/inbox/tok_4", { headers: { "transfer-encoding": "chunked" }, chunks: [Buffer.alloc(40, "a"), Buffer.alloc(40, "b")], finish: true });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("validation_error");
    const exact = Buffer.alloc(INBOX_MAX_BYTES, "c");
    expect((await call("POST", "/v1/test/inbox/tok_5", { rawBody: exact.toString(), headers: { "x-signature": signInbox(exact) } })).body).toEqual({ token: "tok_5", bytes: INBOX_MAX_BYTES });
  });

  it("authenticate with the same functions as procedures: admin (2FA, cookie-write Origin rule) and server key", async () => {
    expectContractError(await call("POST", "/v1/test/upload", { rawBody: "x" }), 401, "unauthorized");
    const upload = await call("POST", "/v1/test/upload", { token: admin.token, rawBody: "\x89PNG", headers: { "content-type": "image/png" } });
    expect(upload.body).toEqual({ account_id: admin.accountId, via: "bearer", bytes: 5, content_type: "image/png" });
    const signup = await call("POST", "/v1/admin/auth/signup", { ip: randomIp(), body: { email: uniqueEmail(), password: "correct horse battery" } });
    const cookie = adminCookie(signup.headers)!;
    expectContractError(await call("POST", "/v1/test/upload", { cookie, rawBody: "x" }), 403, "origin_not_allowed");
    const unverified = await call("POST", "/v1/test/upload", { cookie, rawBody: "x", headers: { origin: API_ORIGIN } });
    expectContractError(unverified, 403, "two_factor_required");
    expect(unverified.body.two_factor_enabled).toBe(false);
    const projectId = await createProject(call, admin);
    const key = await createApiKey(call, admin, projectId);
    expect((await call("POST", "/v1/test/callback", { token: key, rawBody: "{}" })).body).toEqual({ project_id: projectId });
    expectContractError(await call("POST", "/v1/test/callback", { token: admin.token, rawBody: "{}" }), 401, "unauthorized");
  });

  it("answer an unexpected failure as the contract's 500, without internals", async () => {
    const res = await call("GET", "/v1/test/broken");
    expectContractError(res, 500, "internal_error");
    expect(res.body.message).toBe("Unexpected server error");
  });
});

describe("the production table", () => {
  it("is what the OpenAPI document lists for non-JSON routes, security from each route's audience", async () => {
    const doc = (await call("GET", "/docs/openapi.json")).body;
    const documented = describePlainRoutes(PLAIN_ROUTES);
    expect(Object.keys(documented)).toEqual(["/v1/widget.js", "/v1/play", "/v1/play/messages", "/v1/admin/widget-preview", "/v1/games/{game_id}/entry.js", "/v1/game-assets/wheel/icons/{icon}", "/v1/game-assets/{game_id}/{version}/{file}", "/v1/templates/{template_id}/bundle.js", "/v1/admin/projects/{project_id}/game-assets/{slot}/background", "/v1/project-game-assets/{project_id}/{asset_id}", "/v1/webhooks/inbox/{token}", "/v1/admin/projects/{project_id}/events/export", "/v1/webhooks/payment"]);
    for (const [path, ops] of Object.entries(documented)) expect(doc.paths[path], path).toEqual(JSON.parse(JSON.stringify(ops)));
    expect(doc.paths["/v1/admin/widget-preview"].get.security).toEqual([{ AdminBearer: [] }, { AdminCookie: [] }]);
    expect(doc.paths["/demo"]).toBeUndefined();
  });

  it("guards every non-public route with its audience's authentication (401 without a credential)", async () => {
    const guarded = PLAIN_ROUTES.filter((r) => r.auth !== "none");
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      for (const method of r.methods.filter((m) => m !== "HEAD")) {
        const res = await call(method, r.path.replace(/\{[a-z_]+\}/g, "x"));
        expectContractError(res, 401, "unauthorized");
      }
    }
  });

  it("answers only its declared methods and exact paths; the rest is the JSON façade's", async () => {
    const head = await fetch(`${base.origin}/v1/widget.js`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBeTruthy();
    for (const [method, path] of [["POST", "/v1/widget.js"], ["GET", "/v1/play/"], ["GET", "/V1/widget.js"], ["GET", "/v1/games/a/b/entry.js"]]) {
      expectContractError(await call(method!, path!), 404, "not_found");
    }
    expect((await call("GET", "/demo/")).status).toBe(200);
    // Segments reach handlers raw, so an encoded id is not a game id.
    expect((await call("GET", "/v1/games/match3%5Fv1/entry.js")).status).toBe(404);
    expect((await call("GET", "/v1/games/match3_v1/entry.js")).status).toBe(200);
  });
});
