import { limitGate, type TLimitGate, type TLimitSubject } from "@/server/rate-limit/gate";
import { rateLimiter } from "@/server/rate-limit/limiter";
import type { TAdminSession, TApiKeyPrincipal, TPlayerSession } from "@/server/domain/identity";
import type { TContext } from "./context";
import { middleware } from "./init";

/** What a route's credential and input say about who is asking, for its limits' keys (TLimitPer). */
function limitSubject(ctx: TContext & { player?: TPlayerSession; apiKey?: TApiKeyPrincipal; admin?: TAdminSession }, input: unknown): TLimitSubject {
  const body = (typeof input === "object" && input !== null ? input : {}) as { email?: unknown; project_id?: unknown; external_user_id?: unknown };
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  const player = ctx.player;
  return {
    ip: () => ctx.clientIp(),
    email: text(body.email),
    accountId: ctx.admin?.accountId,
    projectId: player?.projectId ?? ctx.apiKey?.projectId ?? text(body.project_id),
    externalUserId: player?.externalUserId ?? text(body.external_user_id),
    sessionId: player?.sessionId,
  };
}

/** A route without limits its handler decides. */
const NO_HANDLER_LIMITS: TLimitGate = {
  ask() {},
  answer: async () => ({ allowed: true }),
  enforce: async () => {},
  giveBack: async () => {},
};

/**
 * Applies the route's declared policy (meta `limits`) once its credential and input are valid: the
 * `first` limits are counted now, before the handler (429 `rate_limited`, 503 when the store is down);
 * the handler's own group arrives as `ctx.limits` (TLimitGate), counted where the handler says, and
 * an `exemption` group as `ctx.exemptionLimits`.
 * Routes put it right after `.input()`: routes.test.ts checks that every route with limits has it.
 */
export const routePolicy = middleware(async ({ ctx, meta, input, next }) => {
  const limits = meta?.limits;
  if (!limits) return next({ ctx: { limits: NO_HANDLER_LIMITS, exemptionLimits: NO_HANDLER_LIMITS } });
  const subject = limitSubject(ctx, input);
  let handler = NO_HANDLER_LIMITS;
  let exemption = NO_HANDLER_LIMITS;
  for (const group of limits) {
    const gate = limitGate(rateLimiter(), group.policies, subject);
    if (group.when === "first") await gate.enforce();
    else if (group.when === "exemption") exemption = gate;
    else handler = gate;
  }
  return next({ ctx: { limits: handler, exemptionLimits: exemption } });
});
