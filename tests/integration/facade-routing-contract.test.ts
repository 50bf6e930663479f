import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenApiNodeHttpHandler, createProcedureCache, forEachOpenApiProcedure, normalizePath } from "trpc-to-openapi";
import { createApiHandler, routeTable } from "@/server/http/api-handler";
import { appRouter } from "@/server/routers/_app";
import { createContextFromNode } from "@/server/trpc/context";
import { createEchoRouter } from "../helpers/echo-router";

/**
 * The façade reimplements trpc-to-openapi's dispatch for speed. These tests hold it to the
 * library's own behaviour, using the library's functions: its procedure lookup for every route of
 * appRouter, and its whole Node handler for query coercion. The few deliberate differences are
 * listed and asserted as such, so any other difference fails.
 */
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const library = createProcedureCache(appRouter);
const ours = routeTable(appRouter);

type TResolved = { procedure: string; params: Record<string, string> } | null;

/** What the library resolves: its handler normalises `new URL(req.url).pathname` the same way before the lookup. */
function resolveLibrary(method: string, pathname: string): TResolved {
  const hit = library(method as never, normalizePath(pathname));
  return hit?.procedure ? { procedure: hit.procedure.path, params: { ...hit.pathInput } } : null;
}
function resolveOurs(method: string, pathname: string): TResolved {
  const hit = ours.match(method, pathname);
  return hit ? { procedure: hit.route.path, params: hit.rawParams } : null;
}

const templates: Array<{ method: string; path: string; procedure: string }> = [];
forEachOpenApiProcedure(appRouter._def.procedures, ({ path, meta }) => templates.push({ method: meta.openapi.method, path: meta.openapi.path, procedure: path }));

/** Concrete paths: sample ids, other names, a value that mixes case, one still percent-encoded. */
function concretePaths(template: string): string[] {
  const fill = (sample: (name: string) => string) => template.replace(/\{([a-z_]+)\}/g, (_, name: string) => sample(name));
  return [
    fill((n) => (n.endsWith("_id") ? "00000000-0000-4000-8000-00000000000a" : "sample")),
    fill(() => "MixedCase-Value"),
    fill(() => "a%20b%2Fc"),
  ];
}

describe("route matching, against trpc-to-openapi's procedure lookup", () => {
  it("resolves every method and path of appRouter to the same procedure and raw path parameters", () => {
    expect(templates.length).toBeGreaterThan(20);
    let compared = 0;
    for (const t of templates) {
      for (const concrete of concretePaths(t.path)) {
        const variants = [concrete, `${concrete}/`, concrete.toUpperCase(), concrete.replace("/v1/", "/V1/"), `/${concrete}`, `${concrete}//`];
        for (const pathname of variants) {
          for (const method of METHODS) {
            const theirs = resolveLibrary(method, pathname);
            expect(resolveOurs(method, pathname), `${method} ${pathname}`).toEqual(theirs);
            compared++;
          }
        }
        expect(resolveOurs(t.method, concrete)?.procedure, `${t.method} ${concrete}`).toBe(t.procedure);
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("agrees on paths that are not routes", () => {
    for (const pathname of ["/", "/v1", "/v1/", "/v1/admin", "/v1/admin/projects/a/b/c", "/v1/health/x", "/v1/game-runs//commands", "/docs"]) {
      for (const method of METHODS) expect(resolveOurs(method, pathname), `${method} ${pathname}`).toEqual(resolveLibrary(method, pathname));
    }
  });
});

describe("input from query and path, against trpc-to-openapi's own handler", () => {
  let libraryUrl: string;
  let oursUrl: string;
  const servers: http.Server[] = [];

  async function listen(handler: http.RequestListener): Promise<string> {
    const server = http.createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    const lib = createOpenApiNodeHttpHandler({ router: createEchoRouter(), createContext: ({ req }) => createContextFromNode(req, "library") });
    libraryUrl = await listen((req, res) => void lib(req, res));
    const api = createApiHandler({ router: createEchoRouter() });
    oursUrl = await listen((req, res) => void api(req, res, "ours"));
  });
  afterAll(() => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))));

  /** Outcome of one request: the echoed input on success; on failure only that it failed (status codes differ by design: the library answers 400 where the contract says 422). */
  async function outcome(base: string, method: string, path: string) {
    const res = await fetch(base + path, { method });
    return res.status === 200 ? { ok: true, input: await res.json() } : { ok: false, status: res.status >= 400 && res.status < 500 ? "4xx" : String(res.status) };
  }

  const SAME: Array<[string, string]> = [
    ["GET", "/v1/echo/scalars?n=1.5&b=true&s=x"],
    ["GET", "/v1/echo/scalars?n=1e3&i=42&b=true&s=&e=a&d=0"],
    ["GET", "/v1/echo/scalars?n=0x10&b=true&s=a%20b+c&ob=true"],
    ["GET", "/v1/echo/scalars?n=&b=true&s=x"],
    ["GET", "/v1/echo/scalars?n=abc&b=true&s=x"],
    ["GET", "/v1/echo/scalars?n=1.5&i=1.5&b=true&s=x"],
    ["GET", "/v1/echo/scalars?n=1&b=true&s=x&e=c"],
    ["GET", "/v1/echo/scalars?b=true&s=x"],
    ["GET", "/v1/echo/scalars?N=1&b=true&s=x"],
    ["GET", "/v1/echo/scalars?n=1&b=true&s=x&extra=1"],
    ["GET", "/V1/ECHO/SCALARS/?n=1&b=true&s=x"],
    ["DELETE", "/v1/echo/scalars?n=2&b=true&s=y"],
    ["GET", "/v1/echo/arrays?tags=a"],
    ["GET", "/v1/echo/arrays?tags=a&tags=b&more=c"],
    ["GET", "/v1/echo/arrays?tags=a&nums=1"],
    ["GET", "/v1/echo/arrays"],
    ["GET", "/v1/echo/abc/path?n=2"],
    ["GET", "/v1/echo/MixedCase/path/"],
    ["GET", "/v1/echo/abc/path?id=other"],
    ["GET", "/v1/echo/nothing?x=1"],
  ];

  it("parses and coerces the same query and path input (numbers, booleans, arrays, enums, defaults, unknown keys)", async () => {
    let succeeded = 0;
    for (const [method, path] of SAME) {
      const theirs = await outcome(libraryUrl, method, path);
      expect(await outcome(oursUrl, method, path), `${method} ${path}`).toEqual(theirs);
      if (theirs.ok) succeeded++;
    }
    expect(succeeded, "most cases must succeed, or the comparison proves little").toBeGreaterThan(SAME.length / 2);
  });

  it("takes a path parameter over a body field of the same name, as the library does", async () => {
    const post = async (base: string, body: unknown) => {
      const res = await fetch(`${base}/v1/echo/abc/body`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    };
    for (const body of [{ id: "other", s: "x" }, { s: "x" }, { s: "x", id: "abc", extra: 1 }]) {
      const theirs = await post(libraryUrl, body);
      expect(theirs, JSON.stringify(body)).toEqual({ status: 200, body: { id: "abc", s: "x" } });
      expect(await post(oursUrl, body), JSON.stringify(body)).toEqual(theirs);
    }
  });

  it("differs only where the façade means to", async () => {
    // 1. A path parameter reaches the procedure percent-decoded (the library passes it raw).
    expect(await outcome(libraryUrl, "GET", "/v1/echo/a%20b/path")).toEqual({ ok: true, input: { id: "a%20b" } });
    expect(await outcome(oursUrl, "GET", "/v1/echo/a%20b/path")).toEqual({ ok: true, input: { id: "a b" } });
    // 2. A repeated query key of a non-array field takes its first value (the library passes an array and fails the schema).
    expect(await outcome(libraryUrl, "GET", "/v1/echo/scalars?n=1&b=true&s=x&s=y")).toEqual({ ok: false, status: "4xx" });
    expect(await outcome(oursUrl, "GET", "/v1/echo/scalars?n=1&b=true&s=x&s=y")).toMatchObject({ ok: true, input: { s: "x" } });
    // 3. A JSON body keeps its JSON types: strings are not coerced to numbers (the library coerces bodies too).
    const post = (base: string) => fetch(`${base}/v1/echo/body`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n: "5", s: "x" }) });
    expect((await post(libraryUrl)).status).toBe(200);
    expect((await post(oursUrl)).status).toBe(422);
    // 4. A boolean query value is exactly `true` or `false` (the library's Boolean(value) reads "false" as true, "" as false and "1" as true).
    expect(await outcome(libraryUrl, "GET", "/v1/echo/scalars?n=1&b=false&s=x")).toMatchObject({ ok: true, input: { b: true } });
    expect(await outcome(oursUrl, "GET", "/v1/echo/scalars?n=1&b=false&s=x")).toMatchObject({ ok: true, input: { b: false } });
    expect(await outcome(oursUrl, "GET", "/v1/echo/scalars?n=1&b=true&ob=false&s=x")).toMatchObject({ ok: true, input: { b: true, ob: false } });
    for (const b of ["1", "", "yes"]) {
      expect(await outcome(libraryUrl, "GET", `/v1/echo/scalars?n=1&b=${b}&s=x`), b).toMatchObject({ ok: true });
      expect(await outcome(oursUrl, "GET", `/v1/echo/scalars?n=1&b=${b}&s=x`), b).toEqual({ ok: false, status: "4xx" });
    }
  });
});
