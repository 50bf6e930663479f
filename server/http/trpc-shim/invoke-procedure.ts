import { getTRPCErrorFromUnknown, type TRPCError } from "@trpc/server";
import type { TContext } from "@/server/trpc/context";

/**
 * The façade's one dependency on tRPC's internals, kept apart with its contract test beside it
 * (invoke-procedure.test.ts): a procedure called through its own middleware pipeline.
 */

/**
 * The @trpc/server version whose internals invokeProcedure relies on (a procedure's
 * `_def.middlewares`, the middleware options and result shape);
 * invoke-procedure.test.ts (beside this file) fails on any other installed version.
 */
export const FACADE_TRPC_VERSION = "11.22.1";

type TMiddlewareResult = { ok: true; data: unknown; marker: string } | { ok: false; error: TRPCError; marker: string };
export type TMiddleware = ((opts: Record<string, unknown>) => Promise<TMiddlewareResult>) & { _type?: string };
export type TProcedureDef = { middlewares: TMiddleware[]; meta: unknown; type: string };
type TCallState = { ctx: TContext; input: unknown; getRawInput: () => Promise<unknown> };

/**
 * Runs a procedure's middleware pipeline (its auth middleware, the input and output parsers, the
 * resolver) exactly as tRPC's own procedure caller does, the same options in, the same result
 * out (a step's additions to the context are made to the request's own context rather than to a
 * copy), errors as TRPCError with the thrown AppError as their cause. Why not tRPC's caller: its
 * build merges each step's options with a down-compiled object-spread helper (defineProperty per
 * key) that was a quarter of the web process's CPU on GET /v1/health; native spreads cost a
 * fraction. The contract test runs real procedures through both and requires equal outcomes.
 */
export async function invokeProcedure(route: { path: string; procedure: { _def: unknown }; middlewares: TMiddleware[] }, ctx: TContext, input: unknown): Promise<unknown> {
  const def = route.procedure._def as TProcedureDef;
  const pipeline: TProcedureDef = { middlewares: route.middlewares, meta: def.meta, type: def.type };
  // Method syntax, not `getRawInput: async () => input`: tsx compiles with esbuild's keepNames,
  // which wraps every arrow assigned to a property in a defineProperty call each time it is made.
  const result = await callMiddleware(pipeline, route.path, 0, { ctx, input: undefined, async getRawInput() { return input; } });
  if (!result.ok) throw result.error;
  return result.data;
}

async function callMiddleware(pipeline: TProcedureDef, path: string, index: number, state: TCallState): Promise<TMiddlewareResult> {
  try {
    return await pipeline.middlewares[index]!({
      ctx: state.ctx,
      type: pipeline.type,
      path,
      input: state.input,
      getRawInput: state.getRawInput,
      meta: pipeline.meta,
      signal: undefined,
      batchIndex: 0,
      next(nextOpts?: { ctx?: Partial<TContext>; input?: unknown; getRawInput?: () => Promise<unknown> }) {
        return callMiddleware(pipeline, path, index + 1, {
          // tRPC makes a new context of the old and the step's additions; this request's context is
          // its own (api-handler.ts makes one per request), so they are added to it instead: a copy
          // per step of a context of some fifteen fields was ~5 k instructions a command
          ctx: nextOpts?.ctx ? Object.assign(state.ctx, nextOpts.ctx) : state.ctx,
          input: nextOpts && "input" in nextOpts ? nextOpts.input : state.input,
          getRawInput: nextOpts?.getRawInput ?? state.getRawInput,
        });
      },
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: "middlewareMarker" };
  }
}

