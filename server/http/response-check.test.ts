import { initTRPC } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { routeTable } from "./api-handler";
import { invokeProcedure } from "./trpc-shim/invoke-procedure";
import { jsonDifference } from "./response-check";
import { prepareJson, preparedJson } from "@/server/lib/prepared-json";
import type { TContext } from "@/server/trpc/context";

const t = initTRPC.context<TContext>().meta<{ openapi: { method: "GET"; path: string } }>().create();
const ZOut = z.object({ status: z.literal("ok"), count: z.number().default(0) });
const router = t.router({
  exact: t.procedure.meta({ openapi: { method: "GET", path: "/t/exact" } }).input(z.void()).output(ZOut).query(() => ({ status: "ok" as const, count: 1 })),
  leaks: t.procedure
    .meta({ openapi: { method: "GET", path: "/t/leaks" } })
    .input(z.void())
    .output(ZOut)
    .query(() => ({ status: "ok" as const, count: 1, secret_hash: "x" })),
  defaults: t.procedure
    .meta({ openapi: { method: "GET", path: "/t/defaults" } })
    .input(z.void())
    .output(ZOut)
    .query(() => ({ status: "ok" }) as never),
  prepared: t.procedure
    .meta({ openapi: { method: "GET", path: "/t/prepared" } })
    .input(z.void())
    .output(ZOut)
    .query(() => {
      const v = { status: "ok" as const, count: 1 };
      prepareJson(v);
      return v;
    }),
  changed: t.procedure
    .meta({ openapi: { method: "GET", path: "/t/changed" } })
    .input(z.void())
    .output(ZOut)
    .query(() => {
      const v = { status: "ok" as const, count: 1 };
      prepareJson(v);
      v.count = 2; // changed after its JSON was made: the prepared JSON would be stale
      return v;
    }),
  wrong: t.procedure
    .meta({ openapi: { method: "GET", path: "/t/wrong" } })
    .input(z.void())
    .output(ZOut)
    .query(() => ({ status: "nope", count: 1 }) as never),
});
const ctx = { requestId: "r" } as TContext;

function call(mode: "strict" | "off", path: string) {
  const hit = routeTable(router, mode).match("GET", path)!;
  return invokeProcedure(hit.route, ctx, undefined);
}

describe("RESPONSE_CHECK", () => {
  it("strict answers a response its schema leaves as it is", async () => {
    await expect(call("strict", "/t/exact")).resolves.toEqual({ status: "ok", count: 1 });
  });

  it("strict refuses a response with a key its schema would strip, naming the key", async () => {
    await expect(call("strict", "/t/leaks")).rejects.toMatchObject({ code: "INTERNAL_SERVER_ERROR", cause: { message: expect.stringContaining("leaks does not match its schema at $.secret_hash") } });
  });

  it("strict refuses a response whose schema would fill a default", async () => {
    await expect(call("strict", "/t/defaults")).rejects.toMatchObject({ cause: { message: expect.stringContaining("at $.count") } });
  });

  it("strict refuses a response that fails its schema", async () => {
    await expect(call("strict", "/t/wrong")).rejects.toMatchObject({ code: "INTERNAL_SERVER_ERROR", message: "Output validation failed" });
  });

  it("strict passes the procedure's own value on, so a prepared JSON is what gets written", async () => {
    const value = await call("strict", "/t/prepared");
    expect(preparedJson(value)).toBe('{"status":"ok","count":1}');
    const plain = await call("strict", "/t/exact");
    expect(preparedJson(plain)).toBeUndefined();
  });

  it("strict refuses a response that changed after its JSON was prepared", async () => {
    await expect(call("strict", "/t/changed")).rejects.toMatchObject({ code: "INTERNAL_SERVER_ERROR", cause: { message: expect.stringContaining("changed after its JSON was prepared") } });
    // off trusts it (the check above is what makes that safe)
    expect(preparedJson(await call("off", "/t/changed"))).toBe('{"status":"ok","count":1}');
  });

  it("off runs no response schema: the resolver's value is the response", async () => {
    await expect(call("off", "/t/exact")).resolves.toEqual({ status: "ok", count: 1 });
    await expect(call("off", "/t/leaks")).resolves.toEqual({ status: "ok", count: 1, secret_hash: "x" });
  });

  it("keeps every other middleware in both modes", () => {
    const pipeline = (mode: "strict" | "off") => routeTable(router, mode).match("GET", "/t/exact")!.route.middlewares.length;
    const all = (router.exact as unknown as { _def: { middlewares: unknown[] } })._def.middlewares.length;
    expect(pipeline("strict")).toBe(all);
    expect(pipeline("off")).toBe(all - 1);
  });
});

describe("jsonDifference", () => {
  it("ignores key order and undefined-valued keys, as JSON does", () => {
    expect(jsonDifference({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 }, "$")).toBeNull();
    expect(jsonDifference({ a: 1, b: undefined }, { a: 1 }, "$")).toBeNull();
    expect(jsonDifference({ at: new Date(0) }, { at: "1970-01-01T00:00:00.000Z" }, "$")).toBeNull();
  });

  it("names the first path that differs", () => {
    expect(jsonDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] }, "$")).toBe("$.a[1].b");
    expect(jsonDifference({ a: [1] }, { a: [1, 2] }, "$")).toBe("$.a.length");
    expect(jsonDifference({ a: null }, { a: {} }, "$")).toBe("$.a");
    expect(jsonDifference([1], { 0: 1 }, "$")).toBe("$");
  });
});
