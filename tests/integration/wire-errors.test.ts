import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiHandler } from "@/server/http/api-handler";
import { CONSOLE_PREFIX, createConsoleHandler } from "@/server/http/console-handler";
import { client, type TCall } from "../helpers/api";
import { wireRouter } from "../helpers/wire-router";

/**
 * A domain error thrown inside a procedure has one wire shape per endpoint, whatever throws it
 * (resolver or middleware): status, JSON body and headers are pinned here, so moving the error
 * mapping between layers cannot change what clients see.
 */
let server: http.Server;
let call: TCall;
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  const api = createApiHandler({ router: wireRouter });
  const consoleApi = createConsoleHandler({ router: wireRouter });
  server = http.createServer((req, res) => {
    const requestId = "wire-test-request";
    res.setHeader("X-Request-Id", requestId);
    const handle = req.url!.startsWith(CONSOLE_PREFIX) ? consoleApi : api;
    void handle(req, res, requestId);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  call = client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const rest = (method: string, name: string, body?: unknown) => call(method, `/v1/test/wire/${name}`, { body, headers: { origin: ORIGIN } });
const rpc = (proc: string, body?: unknown) =>
  body === undefined ? call("GET", `${CONSOLE_PREFIX}wire.${proc}`) : call("POST", `${CONSOLE_PREFIX}wire.${proc}`, { body, headers: { origin: ORIGIN } });

describe("a domain error on the REST façade (/v1)", () => {
  it("answers its code and status from the one table, with its headers and ctx.responseHeaders", async () => {
    const res = await rest("GET", "limited");
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: "rate_limited", message: "Too many requests; retry later", request_id: "wire-test-request" });
    expect(res.headers.get("retry-after")).toBe("7");
    expect(res.headers.getSetCookie()).toEqual(["wire=1; Path=/"]);
  });

  it("merges public details, honours a status override and hides internals", async () => {
    expect(await rest("GET", "details")).toMatchObject({
      status: 409,
      body: { reason: "client_not_built", code: "mechanic_unavailable", message: "Not built", request_id: "wire-test-request" },
    });
    const status = await rest("POST", "status", {});
    expect(status.status).toBe(413);
    expect(status.body).toEqual({ max_bytes: 4, code: "validation_error", message: "Payload too large for this route", request_id: "wire-test-request" });
    for (const name of ["internal", "internal-app"]) {
      const res = await rest("GET", name);
      expect(res.status, name).toBe(500);
      expect(res.body, name).toEqual({ code: "internal_error", message: "Unexpected server error", request_id: "wire-test-request" });
    }
  });

  it("answers a schema violation 422 with issues, and an error thrown by a middleware like any other", async () => {
    const schema = await rest("POST", "schema", { n: 1.5, name: "" });
    expect(schema.status).toBe(422);
    expect(schema.body).toMatchObject({ code: "validation_error", message: "Input validation failed", request_id: "wire-test-request" });
    expect(schema.body.issues.map((i: { path: string }) => i.path)).toEqual(["n", "name"]);
    const guarded = await rest("GET", "guarded");
    expect(guarded.status).toBe(401);
    expect(guarded.body).toEqual({ code: "unauthorized", message: "Test credential required", request_id: "wire-test-request" });
    expect((await call("GET", "/v1/test/wire/guarded", { token: "x" })).body).toEqual({ ok: true });
  });
});

describe("a domain error on the console endpoint (/api/trpc)", () => {
  it("answers the tRPC error envelope with the contract's data; headers travel only through ctx.responseHeaders", async () => {
    const res = await rpc("limited");
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      error: {
        message: "Too many requests; retry later",
        code: -32029,
        data: { appCode: "rate_limited", httpStatus: 429, requestId: "wire-test-request", headers: { "Retry-After": "7" } },
      },
    });
    expect(res.headers.getSetCookie()).toEqual(["wire=1; Path=/"]);
    expect(res.headers.get("retry-after")).toBeNull();
  });

  it("keeps the JSON-RPC code of the domain code, details, status overrides and hidden internals", async () => {
    expect((await rpc("details")).body).toEqual({
      error: { message: "Not built", code: -32009, data: { appCode: "mechanic_unavailable", httpStatus: 409, requestId: "wire-test-request", details: { reason: "client_not_built" } } },
    });
    const status = await rpc("status", {});
    expect(status.status).toBe(413);
    expect(status.body).toEqual({
      error: { message: "Payload too large for this route", code: -32022, data: { appCode: "validation_error", httpStatus: 413, requestId: "wire-test-request", details: { max_bytes: 4 } } },
    });
    for (const name of ["internal", "internalApp"]) {
      const res = await rpc(name);
      expect(res.status, name).toBe(500);
      expect(res.body, name).toEqual({ error: { message: "Unexpected server error", code: -32603, data: { appCode: "internal_error", httpStatus: 500, requestId: "wire-test-request" } } });
    }
  });

  it("answers a schema violation 422 with issues, and a middleware's domain error with its own code", async () => {
    const schema = await rpc("schema", { n: 1.5, name: "" });
    expect(schema.status).toBe(422);
    expect(schema.body.error).toMatchObject({ message: "Input validation failed", code: -32600, data: { appCode: "validation_error", httpStatus: 422 } });
    expect(schema.body.error.data.issues.map((i: { path: string }) => i.path)).toEqual(["n", "name"]);
    expect((await rpc("guarded")).body).toEqual({
      error: { message: "Test credential required", code: -32001, data: { appCode: "unauthorized", httpStatus: 401, requestId: "wire-test-request" } },
    });
  });
});
