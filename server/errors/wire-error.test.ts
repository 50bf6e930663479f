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
