import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, randomIp, type TCall } from "../helpers/api";

/** The transport half of the error contract, on a real JSON POST route. */
let server: TTestServer;
let call: TCall;
beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
});
afterAll(() => server.close());

function expectValidationError(res: { status: number; body: any; headers: Headers }, status: number) {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe("validation_error");
  expect(res.body.request_id).toBe(res.headers.get("x-request-id"));
  expect(JSON.stringify(res.body)).not.toMatch(/stack|at \/|node_modules|TRPC|zod/i);
}

describe("error contract", () => {
  it("413 for a body over 2 097 152 bytes, refused before parsing", async () => {
    const big = JSON.stringify({ email: "a@b.c", password: "x".repeat(2_097_153) });
    expectValidationError(await call("POST", "/v1/admin/auth/login", { rawBody: big, headers: { "content-type": "application/json" } }), 413);
  });

  it("413 for a chunked body that crosses the limit without Content-Length", async () => {
    const url = new URL(server.url);
    const result = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path: "/v1/admin/auth/login", method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" } }, (res) => {
        let data = "";
        res.on("data", (c) => (data += c));
        res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(data) }));
      });
      req.on("error", reject);
      const chunk = Buffer.alloc(256 * 1024, "a");
      for (let i = 0; i < 9; i++) req.write(chunk);
      req.end();
    });
    expect(result.status).toBe(413);
    expect(result.body.code).toBe("validation_error");
  });

  it("accepts a body of exactly the limit size as far as parsing goes (then 422 on the schema)", async () => {
    const prefix = '{"email":"a@b.c","password":"';
    const body = prefix + "x".repeat(2_097_152 - prefix.length - 2) + '"}';
    expect(Buffer.byteLength(body)).toBe(2_097_152);
    expectValidationError(await call("POST", "/v1/admin/auth/login", { rawBody: body, headers: { "content-type": "application/json" } }), 422);
  });

  it("415 for a non-JSON Content-Type", async () => {
    expectValidationError(await call("POST", "/v1/admin/auth/login", { rawBody: "email=a", headers: { "content-type": "application/x-www-form-urlencoded" } }), 415);
    expectValidationError(await call("POST", "/v1/admin/auth/login", { rawBody: '{"email":"a@b.c"}', headers: { "content-type": "text/plain" } }), 415);
  });

  it("400 for malformed JSON", async () => {
    expectValidationError(await call("POST", "/v1/admin/auth/login", { rawBody: '{"email": "a@b.c",', headers: { "content-type": "application/json" } }), 400);
  });

  it("422 for a schema violation, naming the field", async () => {
    const res = await call("POST", "/v1/admin/auth/login", { body: { email: "not-an-email", password: "" }, ip: randomIp() });
    expectValidationError(res, 422);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["email", "password"]);
  });

  it("accepts application/json with a charset parameter", async () => {
    const res = await call("POST", "/v1/admin/auth/login", { rawBody: JSON.stringify({ email: "nobody@example.test", password: "whatever-long" }), headers: { "content-type": "application/json; charset=utf-8", "x-forwarded-for": randomIp() } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_credentials");
  });

  it("answers domain errors with their code and status from the one table", async () => {
    const res = await call("GET", "/v1/admin/me");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "unauthorized" });
    expect(res.body.request_id).toBeTruthy();
  });
});
