import { initTRPC } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { TAuthScheme } from "@/server/auth/audience";
import type { TRatePolicyName } from "@/server/rate-limit/policies";
import type { TPathParamRule } from "./param-rules";
import { ERROR_CODES, type TErrorCode } from "@/server/errors/codes";
import { findAppError, errorData } from "@/server/errors/wire-error";
import type { TContext } from "./context";
import { reportOutage } from "@/server/logging/outage";

/**
 * When a route's rate limits count (server/trpc/policy.ts applies them):
 * - `first`: once the credential and the input are valid, before the handler runs;
 * - `handler`: where the handler says (ctx.limits) — after a lookup the key or the refusal order
 *   needs (the project behind a public id, the key's own project), or asked beside its first round trip;
 * - `replay_first`: as `handler`, for a route whose repeated request (a known `start_id`, an exact
 *   `spin_id` replay) is answered whatever the limits say and gives back what it was counted;
 * - `exemption`: counted (ctx.exemptionLimits) only for a request the handler lets past a refusal
 *   of its `handler` group (a login from a network the account knows), so the exemption has a bound of its own.
 */
export type TLimitWhen = "first" | "handler" | "replay_first" | "exemption";

/** A route's rate limits: policies (server/rate-limit/policies.ts, counted in order) and when they count. At most one `handler` or `replay_first` group, and one `exemption`. */
type TRouteLimits = ReadonlyArray<{ policies: readonly TRatePolicyName[]; when: TLimitWhen }>;

/**
 * Extra procedure metadata, the route's policy: which credential it takes (docs, the auth matrix);
 * its rate limits (`limits`, applied by the routePolicy middleware after the input is valid); path
 * parameters whose invalid values answer outside the JSON contract (`params`, applied by the façade);
 * `cors: "any_origin"` for a route customer pages call from any site without credentials; and,
 * on a player route whose domain function refuses an erased player's session inside its own
 * statements, `erasedSessions: "in_domain"` (else the player middleware checks with a statement of its own).
 */
export type TMeta = OpenApiMeta<{ auth?: TAuthScheme; errors?: TErrorCode[]; erasedSessions?: "in_domain"; limits?: TRouteLimits; params?: Record<string, TPathParamRule>; cors?: "any_origin" }>;

const t = initTRPC
  .context<TContext>()
  .meta<TMeta>()
  .create({
    // tRPC wraps a thrown AppError in a TRPCError (INTERNAL_SERVER_ERROR); the contract's data come
    // from the AppError behind it, and so does the JSON-RPC code the console client sees.
    errorFormatter({ shape, error, ctx }) {
      const { message, data } = errorData(error, ctx?.requestId);
      if (data.appCode === "service_unavailable" && typeof data.details?.dependency === "string") reportOutage(data.details.dependency, error, ctx?.requestId ?? "");
      const app = findAppError(error);
      return { message, code: app ? TRPC_ERROR_CODES_BY_KEY[ERROR_CODES[app.appCode].trpc] : shape.code, data };
    },
  });

export const router = t.router;
export const baseProcedure = t.procedure;
export const middleware = t.middleware;
