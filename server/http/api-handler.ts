import type { IncomingMessage, ServerResponse } from "node:http";
import { TRPCError, type AnyRouter } from "@trpc/server";
import {
  coerceSchema,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  normalizePath,
  unwrapZodType,
} from "trpc-to-openapi";
import { config } from "@/server/config/env";
import { AppError } from "@/server/errors/app-error";
import { logger } from "@/server/logging/logger";
import { createContextFromNode, type TContext } from "@/server/trpc/context";
import { parseJsonBody, readBody } from "./body";
import { errorBody, sendError, sendJson } from "./errors";
import type { TPathParamRule } from "@/server/trpc/param-rules";
import type { TMeta } from "@/server/trpc/init";
import { facadeMiddlewares, type TResponseCheck } from "./response-check";
import { sendText } from "./static/send";
import { setRouteLabel } from "@/server/metrics/route-label";
import { invokeProcedure, type TMiddleware, type TProcedureDef } from "./trpc-shim/invoke-procedure";

type TNodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
type TProcedure = ((opts: { ctx: TContext; getRawInput: () => Promise<unknown>; path: string; type: "query" | "mutation"; signal: undefined; batchIndex: number }) => Promise<unknown>) & {
  _def: { type: "query" | "mutation" | "subscription" };
};
export type TApiRoute = {
  path: string;
  procedure: TProcedure;
  /** The procedure's middleware pipeline as the façade runs it (RESPONSE_CHECK, response-check.ts). */
  middlewares: TMiddleware[];
  takesInput: boolean;
  arrayKeys: Set<string>;
  /** Query keys whose schema is a boolean: exactly `true` and `false` become booleans. */
  booleanKeys: Set<string>;
  regex: RegExp | null;
  paramRules: Array<[string, TPathParamRule]>;
};

/**
 * The /v1 REST façade: one catch-all handler. Routing follows trpc-to-openapi's rules (the
 * procedures' OpenAPI meta, the same path syntax and query coercion, so the generated document
 * and the handler cannot drift), but dispatch calls the procedure directly instead of building a
 * Fetch Request and a caller per request. The façade owns the transport half of the error
 * contract (413 before parsing, 415, 400, JSON 404) and writes every error in the one wire shape.
 */
export function createApiHandler(opts: { router: AnyRouter; fallthrough?: TNodeHandler }) {
  const table = routeTable(opts.router);

  return async function handleApi(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const pathname = q === -1 ? url : url.slice(0, q);
    const match = table.match(method, pathname);
    if (!match) {
      if (opts.fallthrough) {
        setRouteLabel(res, "console pages");
        return opts.fallthrough(req, res);
      }
      return sendJson(res, 404, errorBody("not_found", `No route ${method} ${pathname}`, requestId));
    }
    const { route } = match;
    setRouteLabel(res, route.path);
    // each parameter decoded once: its rule sees it first (a malformed one is its rule's refusal), then the rest
    const params = decodeParams(match.rawParams);
    for (const [name, rule] of route.paramRules) {
      const decoded = params.decoded[name];
      if (decoded === undefined || !rule.valid(decoded)) return sendText(res, rule.reject.status, rule.reject.text);
    }
    if (params.malformed) return sendJson(res, 400, errorBody("validation_error", "The path has malformed percent-encoding", requestId));
    const ctx = createContextFromNode(req, requestId);
    let input: unknown;
    try {
      let source: Record<string, unknown>;
      if (method === "POST" || method === "PUT" || method === "PATCH") {
        const raw = await readBody(req);
        ctx.bodyBytes = raw.length;
        const body = parseJsonBody(req.headers["content-type"], raw);
        source = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : { __body: body };
      } else {
        req.resume();
        source = q === -1 ? {} : queryObject(url.slice(q + 1), route);
      }
      if (route.takesInput) {
        // `source` is this request's own object (its parsed body or query): the path's parameters
        // are written into it, winning over a field of the same name, instead of copying both into a
        // third object (V8's generic copy, ~4 k instructions a command)
        for (const k in params.decoded) source[k] = params.decoded[k];
        input = source;
      }
    } catch (e) {
      if (e instanceof AppError) return void sendError(res, e, requestId, ctx.responseHeaders);
      throw e;
    }
    try {
      const data = await invokeProcedure(route, ctx, input);
      sendJson(res, 200, data, ctx.responseHeaders);
    } catch (error) {
      const data = sendError(res, error, requestId, ctx.responseHeaders);
      if (data.appCode === "internal_error") logger().error({ err: unwrapTrpcError(error), procedure: route.path, request_id: requestId }, "procedure failed");
    }
  };
}

/** What to log for an internal error: what was thrown, not tRPC's wrapper around it. */
function unwrapTrpcError(error: unknown): unknown {
  return error instanceof TRPCError && error.cause ? error.cause : error;
}

type TShapeDef = { def?: { type?: string; coerce?: boolean; innerType?: TShapeDef } };

function queryObject(search: string, route: Pick<TApiRoute, "arrayKeys" | "booleanKeys">): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(search)) {
    if (route.arrayKeys.has(k)) ((out[k] ??= []) as string[]).push(v);
    else if (!(k in out)) out[k] = route.booleanKeys.has(k) && (v === "true" || v === "false") ? v === "true" : v;
  }
  return out;
}

/** decodeURIComponent that answers null for malformed percent-encoding instead of throwing (a segment without `%` is its own decoding). */
function safeDecode(segment: string): string | null {
  if (segment.indexOf("%") === -1) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The path parameters decoded, without those whose percent-encoding is malformed (`malformed` says whether any was). */
function decodeParams(raw: Record<string, string>): { decoded: Record<string, string>; malformed: boolean } {
  const decoded: Record<string, string> = {};
  let malformed = false;
  for (const k in raw) {
    const d = safeDecode(raw[k]!);
    if (d === null) malformed = true;
    else decoded[k] = d;
  }
  return { decoded, malformed };
}

/**
 * A path's number of slashes. A parameter is one segment (`[^/]+`), so a pattern matches only paths
 * with as many slashes as its own: the patterns are kept by method and that number, each list in
 * declaration order (the first match wins, as in the library), and a path is tried against its list
 * alone: a command's path meets the few POST patterns of its length, not all of them.
 */
function slashes(path: string): number {
  let n = 0;
  for (let i = path.indexOf("/"); i !== -1; i = path.indexOf("/", i + 1)) n++;
  return n;
}

/** A character lower-casing may change: ASCII A–Z, or anything beyond ASCII. */
const MAY_LOWER = /[A-Z\u0080-\uffff]/;

export type TApiRouteMatch = { route: TApiRoute; rawParams: Record<string, string> };

/**
 * Method + path → route, with trpc-to-openapi's path rules (normalised slashes, case-insensitive,
 * `{param}` one segment): static paths by map lookup, parameterised ones by regex. Exported for
 * the contract test that compares it with the library's own matcher.
 */
export function routeTable(router: AnyRouter, responseCheck: TResponseCheck = config().responseCheck) {
  /** Static paths by method, then by the path in lower case. */
  const exact = new Map<string, Map<string, TApiRoute>>();
  /** Parameterised paths by method, then by number of slashes (`slashes`), in declaration order. */
  const patterns = new Map<string, TApiRoute[][]>();
  forEachOpenApiProcedure(router._def.procedures, ({ path, procedure, meta }) => {
    const method = meta.openapi.method;
    const openapiPath = normalizePath(meta.openapi.path);
    const { inputParser } = getInputOutputParsers(procedure as never);
    const unwrapped = unwrapZodType(inputParser as never, true);
    const takesInput = !instanceofZodTypeLikeVoid(unwrapped);
    const arrayKeys = new Set<string>();
    const booleanKeys = new Set<string>();
    if ((method === "GET" || method === "DELETE") && instanceofZodTypeObject(unwrapped)) {
      // Query strings are strings: coerce numbers the way trpc-to-openapi does. Not booleans: its
      // coercion is Boolean(value), which reads `?resolved=false` as true; the query parser turns
      // exactly `true` and `false` into booleans and leaves anything else for the schema to refuse.
      coerceSchema(unwrapped);
      for (const [key, shape] of Object.entries(unwrapped.shape as Record<string, TShapeDef>)) {
        const inner = shape.def?.type === "optional" || shape.def?.type === "default" ? shape.def.innerType : shape;
        const t = inner?.def?.type;
        if (t === "array") arrayKeys.add(key);
        if (t === "boolean") {
          inner!.def!.coerce = false;
          booleanKeys.add(key);
        }
      }
    }
    const rules = Object.entries((meta as TMeta).params ?? {});
    for (const [name] of rules) {
      if (!openapiPath.includes(`{${name}}`)) throw new Error(`Path parameter rule for ${meta.openapi.path} names no parameter ${name}`);
    }
    const middlewares = facadeMiddlewares(path, (procedure as unknown as { _def: TProcedureDef })._def.middlewares, responseCheck);
    const route: TApiRoute = { path, procedure: procedure as unknown as TProcedure, middlewares, takesInput, arrayKeys, booleanKeys, regex: null, paramRules: rules };
    if (openapiPath.includes("{")) {
      route.regex = getPathRegExp(openapiPath);
      let bySlashes = patterns.get(method);
      if (!bySlashes) patterns.set(method, (bySlashes = []));
      (bySlashes[slashes(openapiPath)] ??= []).push(route);
    } else {
      let byPath = exact.get(method);
      if (!byPath) exact.set(method, (byPath = new Map()));
      byPath.set(openapiPath.toLowerCase(), route);
    }
  });
  return {
    /** Path parameters come back raw (percent-encoded): rules see them before decoding does. */
    match(method: string, pathname: string): TApiRouteMatch | null {
      // normalizePath leaves a path that starts with a slash and ends without one as it is (every
      // client's path); a path in lower case is its own key. Asked only of the others, the two
      // were a regex replace, a lower-casing and a concatenated key a request (~3 k instructions).
      const path = pathname.length > 1 && pathname.charCodeAt(0) === 47 && pathname.charCodeAt(pathname.length - 1) !== 47 ? pathname : normalizePath(pathname);
      const byPath = exact.get(method);
      const hit = byPath && (byPath.get(path) ?? (MAY_LOWER.test(path) ? byPath.get(path.toLowerCase()) : undefined));
      if (hit) return { route: hit, rawParams: {} };
      for (const route of patterns.get(method)?.[slashes(path)] ?? []) {
        const m = route.regex!.exec(path);
        if (m) return { route, rawParams: m.groups ?? {} }; // the match's own groups object: a copy of it cost more than the whole lookup
      }
      return null;
    },
  };
}
