import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { AppError } from "@/server/errors/app-error";
import { preparedJson } from "@/server/lib/prepared-json";

/**
 * What the /v1 façade does with a procedure's response schema (`RESPONSE_CHECK`).
 *
 * - `off` (the default in production): the schema is not run. A response is the domain's typed
 *   value, written as JSON; parsing it again on every request only re-checked what the types and
 *   the strict check below already guarantee (it was ~7 % of the web process under GET /v1/health).
 * - `strict` (the default everywhere else, so in every test): the schema runs, and the response is
 *   refused with a 500 when the schema would change it, not only when it fails: a key the schema
 *   would strip (an internal field leaking), a default it would fill, a value it would transform.
 *   That is what makes `off` safe: whatever the tests reach answers the same in both modes.
 *
 * The OpenAPI document and the console's tRPC endpoint (which keeps tRPC's own pipeline) are
 * unaffected.
 */
export type TResponseCheck = "strict" | "off";

type TResult = { ok: true; data: unknown } | { ok: false };
type TMiddleware = ((opts: Record<string, unknown>) => Promise<TResult>) & { _type?: string };

/** A procedure's middleware pipeline (tRPC's `_def.middlewares`) as the façade runs it in the given mode. */
export function facadeMiddlewares<T extends TMiddleware>(path: string, middlewares: readonly T[], mode: TResponseCheck): T[] {
  const out: T[] = [];
  for (const mw of middlewares) {
    if (mw._type !== "output") out.push(mw);
    else if (mode === "strict") out.push(strictOutput(path, mw) as T);
  }
  return out;
}

/** Runs tRPC's output middleware and refuses the response when parsing changed it. */
function strictOutput(path: string, outputMiddleware: TMiddleware): TMiddleware {
  return async (opts) => {
    let raw: TResult | undefined;
    const next = opts.next as (nextOpts?: unknown) => Promise<TResult>;
    const result = await outputMiddleware({ ...opts, next: async (nextOpts?: unknown) => (raw = await next(nextOpts)) });
    if (result.ok && raw?.ok) {
      const at = jsonDifference(raw.data, result.data, "$");
      if (at !== null) {
        throw new AppError("internal_error", `The response of ${path} does not match its schema at ${at}: the schema would change it (RESPONSE_CHECK=strict)`);
      }
      const prepared = preparedJson(raw.data);
      if (prepared !== undefined && prepared !== JSON.stringify(raw.data)) {
        throw new AppError("internal_error", `The response of ${path} changed after its JSON was prepared (RESPONSE_CHECK=strict)`);
      }
      recordChecked(path);
      // The procedure's own value goes on (the schema would not change it, as checked above), so
      // the body is written as in production — with its prepared JSON, when it has one.
      return raw;
    }
    return result;
  };
}

const recorded = new Set<string>();

/**
 * The test suite's record of which procedures' responses the strict check has seen
 * (`RESPONSE_CHECK_RECORD`, a folder set by tests/global-setup.ts): `npm test` then fails when a
 * /v1 procedure was never checked (scripts/check-response-coverage.ts), since `off` is only as
 * safe as what the tests reach.
 */
function recordChecked(path: string): void {
  const dir = process.env.RESPONSE_CHECK_RECORD;
  if (!dir || recorded.has(path)) return;
  recorded.add(path);
  appendFileSync(join(dir, `${process.pid}.txt`), `${path}\n`);
}

/**
 * The first path where two values would serialise to different JSON, or null when they would
 * not. Key order does not count (the schema orders keys its own way); keys whose value is
 * undefined count as absent, as in JSON.stringify.
 */
export function jsonDifference(a: unknown, b: unknown, path: string): string | null {
  const x = toJsonValue(a);
  const y = toJsonValue(b);
  if (x === y) return null;
  if (x === null || y === null || typeof x !== "object" || typeof y !== "object") return path;
  if (Array.isArray(x) !== Array.isArray(y)) return path;
  if (Array.isArray(x)) {
    const ys = y as unknown[];
    if (x.length !== ys.length) return `${path}.length`;
    for (let i = 0; i < x.length; i++) {
      const d = jsonDifference(x[i], ys[i], `${path}[${i}]`);
      if (d !== null) return d;
    }
    return null;
  }
  const xo = x as Record<string, unknown>;
  const yo = y as Record<string, unknown>;
  const keys = new Set([...Object.keys(xo), ...Object.keys(yo)]);
  for (const k of keys) {
    const d = jsonDifference(xo[k], yo[k], `${path}.${k}`);
    if (d !== null) return d;
  }
  return null;
}

function toJsonValue(v: unknown): unknown {
  if (v !== null && typeof v === "object" && typeof (v as { toJSON?: unknown }).toJSON === "function") return (v as { toJSON: () => unknown }).toJSON();
  if (typeof v === "number" && !Number.isFinite(v)) return null;
  return v;
}
