import { services } from "@/server/services/container";
import type { RateLimiter } from "./rate-limiter";

export { RateLimiter, throwIfLimited } from "./rate-limiter";

/** The process limiter (wired by setupServices). */
export function rateLimiter(): RateLimiter {
  return services().limiter;
}
