import { services } from "@/server/services/container";
import type { RateLimiter } from "./rate-limiter";

export { enforceAsked, RateLimiter, throwIfLimited, type TAskedLimit } from "./rate-limiter";

/** The process limiter (wired by setupServices). */
export function rateLimiter(): RateLimiter {
  return services().limiter;
}
