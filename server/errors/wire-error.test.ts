import { readFileSync } from "node:fs";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./app-error";
import { findAppError, errorData, TRANSPORT_FAILURES, transportError } from "./wire-error";

describe("AppError", () => {
  it("is a plain Error with the same fields, and the domain's error files import no transport", () => {
    const e = new AppError("rate_limited", undefined, { headers: { "Retry-After": "3" }, details: { x: 1 }, cause: "why" });
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(TRPCError);
    expect(e).toMatchObject({ name: "AppError", appCode: "rate_limited", status: 429, message: "Too many requests; retry later", details: { x: 1 }, headers: { "Retry-After": "3" }, cause: "why" });
    expect(new AppError("validation_error", "big", { status: 413 }).status).toBe(413);
    for (const file of ["server/errors/app-error.ts", "server/errors/codes.ts"]) expect(readFileSync(file, "utf8"), file).not.toMatch(/@trpc|trpc-to-openapi/);
  });
});

describe("errorData", () => {
  it("finds the AppError behind tRPC's wrapper, however deep", () => {
    const app = new AppError("mechanic_unavailable", "Not built", { details: { reason: "r" }, headers: { "Retry-After": "1" } });
    const once = new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: app });
    const twice = new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: once });
    for (const thrown of [app, once, twice]) {
      expect(findAppError(thrown)).toBe(app);
      expect(errorData(thrown, "r1")).toEqual({
        message: "Not built",
        data: { appCode: "mechanic_unavailable", httpStatus: 409, requestId: "r1", details: { reason: "r" }, issues: undefined, headers: { "Retry-After": "1" } },
      });
    }
  });

  it("answers tRPC's transport codes with the statuses of the one transport table", () => {
    const expected = { PARSE_ERROR: 400, BAD_REQUEST: 400, PAYLOAD_TOO_LARGE: 413, UNSUPPORTED_MEDIA_TYPE: 415, UNPROCESSABLE_CONTENT: 422 } as const;
    for (const [code, status] of Object.entries(expected)) {
      expect(errorData(new TRPCError({ code: code as keyof typeof expected, message: "m" }), undefined).data, code).toMatchObject({ appCode: "validation_error", httpStatus: status });
    }
    for (const [kind, { status }] of Object.entries(TRANSPORT_FAILURES)) {
      expect(errorData(transportError(kind as keyof typeof TRANSPORT_FAILURES, "m"), "r").data).toMatchObject({ appCode: "validation_error", httpStatus: status });
    }
    expect(errorData(new TRPCError({ code: "METHOD_NOT_SUPPORTED" }), "r").data).toMatchObject({ appCode: "not_found", httpStatus: 404 });
    expect(errorData(new TRPCError({ code: "NOT_FOUND" }), "r").data).toMatchObject({ appCode: "not_found", httpStatus: 404 });
    expect(errorData(new TRPCError({ code: "UNAUTHORIZED" }), "r").data).toMatchObject({ appCode: "unauthorized", httpStatus: 401 });
  });

  it("answers a schema violation 422 with issues, and hides anything unexpected behind internal_error", () => {
    const zod = z.object({ n: z.number() }).safeParse({ n: "x" }).error!;
    expect(errorData(new TRPCError({ code: "BAD_REQUEST", cause: zod }), "r")).toMatchObject({
      message: "Input validation failed",
      data: { appCode: "validation_error", httpStatus: 422, issues: [{ path: "n" }] },
    });
    for (const thrown of [new Error("secret at /srv"), new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: new TypeError("secret") }), "a string", new AppError("internal_error", "secret")]) {
      expect(errorData(thrown, "r")).toMatchObject({ message: "Unexpected server error", data: { appCode: "internal_error", httpStatus: 500 } });
    }
  });
});

describe("a dependency that is down", () => {
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "FATAL" });
  const socket = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: "connect" });

  it("answers 503 service_unavailable naming the database, with Retry-After, however the failure is wrapped", () => {
    const cases: unknown[] = [
      pgError("57P01", "terminating connection due to administrator command"),
      pgError("57P03", "the database system is starting up"),
      pgError("08006", "connection failure"),
      socket("ECONNREFUSED"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: new Error("query failed", { cause: socket("ECONNRESET") }) }),
      new AggregateError([socket("ECONNREFUSED"), socket("ECONNREFUSED")], "connect failed"),
      Object.assign(new Error("driver adapter error"), { meta: { driverAdapterError: pgError("57P01", "terminating connection") } }),
    ];
    for (const e of cases) {
      const { message, data } = errorData(e, "r1");
      expect(data, String(e)).toMatchObject({ appCode: "service_unavailable", httpStatus: 503, details: { dependency: "database" }, headers: { "Retry-After": "5" } });
      expect(message).toMatch(/^The database is unavailable; retry in a few seconds/);
    }
  });

  it("leaves everything else as it was: a bug is 500, a domain error keeps its own code", () => {
    expect(errorData(new Error("x is undefined"), "r").data).toMatchObject({ appCode: "internal_error", httpStatus: 500 });
    expect(errorData(pgError("23505", "duplicate key value"), "r").data).toMatchObject({ appCode: "internal_error", httpStatus: 500 });
    expect(errorData(new AppError("conflict", "taken", { cause: socket("ECONNREFUSED") }), "r").data).toMatchObject({ appCode: "conflict", httpStatus: 409 });
  });
});
