import type { Redis } from "ioredis";
import { services } from "@/server/services/container";

export { createRedis, pingRedis, whenRedisReady } from "./redis-client";

/** The shared Redis client of this process (wired by setupServices), or null without REDIS_URL. */
export function redis(): Redis | null {
  return services().redis;
}
