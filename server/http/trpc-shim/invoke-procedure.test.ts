import type { IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/server/errors/app-error";
import { errorData } from "@/server/errors/wire-error";
import { routeTable } from "@/server/http/api-handler";
import { FACADE_TRPC_VERSION, invokeProcedure } from "./invoke-procedure";
import { appRouter } from "@/server/routers/_app";
import { createContextFromNode, type TContext } from "@/server/trpc/context";
import { startTestServer, type TTestServer } from "@/tests/helpers/server";
import { client, randomIp, verifiedAdmin, type TAdmin, type TCall } from "@/tests/helpers/api";

/**
 * The façade calls procedures through tRPC's internal signature, procedure({ ctx, getRawInput,
 * path, type, signal, batchIndex }), which tRPC does not promise to keep. These tests call real
 * procedures through the façade's call path and through tRPC's official entry points (createCaller
 * and, for console procedures, the node-http adapter) and require the same results and errors.
 */
const require = createRequire(import.meta.url);
const table = routeTable(appRouter);
let server: TTestServer;
let call: TCall;
let admin: TAdmin;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
});
afterAll(() => server.close());

function ctxFor(method: string, path: string, headers: Record<string, string> = {}): TContext {
  const req = { method, url: path, headers: { "x-forwarded-for": randomIp(), ...headers }, socket: { remoteAddress: "127.0.0.1" } } as unknown as IncomingMessage;
  return createContextFromNode(req, "contract");
}

type TSettled = { ok: true; value: unknown } | { ok: false; error: unknown };
const settle = (p: Promise<unknown>): Promise<TSettled> => p.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));
function errorOf(settled: TSettled): unknown {
  if (settled.ok) throw new Error(`expected a failure, got ${JSON.stringify(settled.value)}`);
  return settled.error;
}

/** One call through the façade's own path: its route table, then invokeProcedure. */
function viaFacade(method: string, path: string, input: unknown, headers?: Record<string, string>) {
  const hit = table.match(method, path);
  if (!hit) throw new Error(`no route ${method} ${path}`);
  return { procedure: hit.route.path, result: settle(invokeProcedure(hit.route, ctxFor(method, path, headers), input)) };
}

/** The same call through tRPC's official server-side caller. */
function viaCaller(procedure: string, method: string, path: string, input: unknown, headers?: Record<string, string>) {
  const caller = appRouter.createCaller(ctxFor(method, path, headers)) as unknown as Record<string, unknown>;
  const fn = procedure.split(".").reduce<any>((node, key) => node[key], caller) as (input: unknown) => Promise<unknown>;
  return settle(fn(input));
}

async function expectSameOutcome(method: string, path: string, input: unknown, headers?: Record<string, string>): Promise<TSettled> {
  const facade = viaFacade(method, path, input, headers);
  const [ours, theirs] = await Promise.all([facade.result, viaCaller(facade.procedure, method, path, input, headers)]);
  expect(ours.ok, `${method} ${path}`).toBe(theirs.ok);
  if (ours.ok && theirs.ok) expect(ours.value).toEqual(theirs.value);
  if (!ours.ok && !theirs.ok) {
    // Errors leave both as TRPCError with the domain error behind them, which is what the edge maps.
    expect(ours.error).toBeInstanceOf(TRPCError);
    expect(theirs.error).toBeInstanceOf(TRPCError);
    expect(errorData(ours.error, "r")).toEqual(errorData(theirs.error, "r"));
  }
  return ours;
}

describe("the façade's procedure call", () => {
  it(`runs on @trpc/server ${FACADE_TRPC_VERSION}, the version it was written against`, () => {
    const installed = (require("@trpc/server/package.json") as { version: string }).version;
    expect(
      installed,
      `@trpc/server is ${installed}, the REST façade was written against ${FACADE_TRPC_VERSION}. Re-check invokeProcedure in server/http/api-handler.ts ` +
        "against tRPC's createCallerFactory (the options a procedure function takes: ctx, getRawInput, path, type, signal, batchIndex), " +
        "that a thrown AppError still arrives as the cause of a TRPCError, that trpc-to-openapi's matcher and coercion still agree " +
        "(facade-routing-contract.test.ts), then update FACADE_TRPC_VERSION.",
    ).toBe(FACADE_TRPC_VERSION);
  });

  it("returns what createCaller returns, for queries with and without credentials", async () => {
    expect(await expectSameOutcome("GET", "/v1/health", undefined)).toEqual({ ok: true, value: { status: "ok" } });
    const me = await expectSameOutcome("GET", "/v1/admin/me", {}, { authorization: `Bearer ${admin.token}` });
    expect(me).toMatchObject({ ok: true, value: { account_id: admin.accountId } });
  });

  it("fails as createCaller fails: middleware refusals, schema violations and domain errors map alike", async () => {
    const refused = errorOf(await expectSameOutcome("GET", "/v1/admin/me", {}));
    expect((refused as TRPCError).cause).toBeInstanceOf(AppError);
    expect(errorData(refused, "r").data).toMatchObject({ appCode: "unauthorized", httpStatus: 401 });
    const invalid = errorOf(await expectSameOutcome("POST", "/v1/admin/auth/login", { email: "not-an-email", password: "" }));
    expect(errorData(invalid, "r").data).toMatchObject({ appCode: "validation_error", httpStatus: 422 });
    const wrong = errorOf(await expectSameOutcome("POST", "/v1/admin/auth/login", { email: admin.email, password: "wrong password here" }));
    expect(errorData(wrong, "r").data).toMatchObject({ appCode: "invalid_credentials", httpStatus: 401 });
  });

  it("answers like tRPC's node-http adapter (the console endpoint) for the same procedure", async () => {
    const facade = viaFacade("GET", "/v1/admin/me", {}, { authorization: `Bearer ${admin.token}` });
    const ours = await facade.result;
    const console = await call("GET", `/api/trpc/${facade.procedure}?input=${encodeURIComponent("{}")}`, { token: admin.token });
    expect(console.body.result.data).toEqual(JSON.parse(JSON.stringify(ours.ok && ours.value)));
    const refused = errorOf(await viaFacade("GET", "/v1/admin/me", {}).result);
    const consoleRefused = await call("GET", `/api/trpc/${facade.procedure}?input=${encodeURIComponent("{}")}`);
    expect(consoleRefused.status).toBe(401);
    const { requestId: _a, ...expected } = errorData(refused, "r").data;
    const { requestId: _b, ...actual } = consoleRefused.body.error.data;
    expect(actual).toEqual(JSON.parse(JSON.stringify(expected)));
  });
});
