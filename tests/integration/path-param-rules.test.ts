import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiHandler } from "@/server/http/api-handler";
import { z } from "zod";
import { uuidOrPlainText400 } from "@/server/trpc/param-rules";
import { publicProcedure } from "@/server/trpc/procedures";
import { router } from "@/server/trpc/init";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, type TCall } from "../helpers/api";

/** Path parameter rules: declared in the route's meta, applied by the façade before dispatch. */
let server: TTestServer;
let call: TCall;
beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
});
afterAll(() => server.close());

function expectContractError(res: { status: number; body: any; headers: Headers }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ code, request_id: res.headers.get("x-request-id") });
}

describe("path parameter rules of JSON routes", () => {
  const ZERO = "00000000-0000-4000-8000-000000000000";

  it("answer the command route's invalid run_id in plain text before the procedure runs; a valid one reaches it", async () => {
    for (const id of ["not-a-uuid", "%E0%A4%A", `${ZERO}x`]) {
      const res = await call("POST", `/v1/game-runs/${id}/commands`, { body: {} });
      expect(res.status, id).toBe(400);
      expect(res.headers.get("content-type"), id).toMatch(/^text\/plain/);
      expect(res.text, id).toBe("Invalid run_id: expected a UUID");
    }
    for (const id of [ZERO, ZERO.toUpperCase()]) expectContractError(await call("POST", `/v1/game-runs/${id}/commands`, { body: {} }), 401, "unauthorized");
    // Other routes keep the JSON answer for a garbled path.
    expectContractError(await call("GET", "/v1/game-runs/%E0%A4%A"), 400, "validation_error");
  });

  it("cannot name a parameter its path does not have", () => {
    const route = (params: Record<string, ReturnType<typeof uuidOrPlainText400>>) =>
      router({ r: publicProcedure.meta({ openapi: { method: "GET", path: "/t/{run_id}" }, params }).input(z.object({ run_id: z.string() })).output(z.object({})).query(() => ({})) });
    expect(() => createApiHandler({ router: route({ run_id: uuidOrPlainText400("run_id") }) })).not.toThrow();
    expect(() => createApiHandler({ router: route({ id: uuidOrPlainText400("id") }) })).toThrow(/no parameter id/);
  });
});
