import { limitGate, type TLimitGate, type TLimitSubject } from "@/server/rate-limit/gate";
import { rateLimiter } from "@/server/rate-limit/limiter";
import type { TRatePolicyName } from "@/server/rate-limit/policies";

/** A route's limits as its middleware would hand them over, for a test that calls a domain function directly. */
export function limitsFor(policies: readonly TRatePolicyName[], subject: TLimitSubject): TLimitGate {
  return limitGate(rateLimiter(), policies, subject);
}
