import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimiter } from "@/server/rate-limit/limiter";
import { RATE_POLICIES } from "@/server/rate-limit/policies";
import { createRedis } from "@/server/stores/redis";
import { ensureRedis } from "../helpers/redis";

/**
 * The limiter's own contract, on both stores: a policy of several windows consumes a point in
 * every window on every request (a refused request still counts), and a refusal carries the
 * longest wait among the windows that refused.
 */
let redis: Redis;
let stopRedis: () => void;
beforeAll(async () => {
  const r = await ensureRedis();
  stopRedis = r.stop;
  redis = createRedis(r.url);
});
afterAll(() => {
  redis.disconnect();
  stopRedis();
});

describe.each([
  ["Redis", () => new RateLimiter(redis)],
  ["memory", () => new RateLimiter(null)],
])("RateLimiter on %s", (_store, make) => {
  it("counts every window and refuses once the tightest is spent, with that window's wait", async () => {
    const limiter = make();
    const key = `test-${randomUUID()}`;
    const [minute, day] = RATE_POLICIES.sessionIssue.windows;
    expect(minute!.points).toBeLessThan(day!.points);
    for (let i = 0; i < minute!.points; i++) expect(await limiter.check("sessionIssue", key)).toEqual({ allowed: true });
    const refused = await limiter.check("sessionIssue", key);
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSec).toBeGreaterThan(0);
    expect(refused.allowed === false && refused.retryAfterSec).toBeLessThanOrEqual(minute!.durationSec);
    await limiter.reset("sessionIssue", key);
    expect(await limiter.check("sessionIssue", key)).toEqual({ allowed: true });
  });

  it("keeps keys apart", async () => {
    const limiter = make();
    const a = `test-${randomUUID()}`;
    const b = `test-${randomUUID()}`;
    for (let i = 0; i < RATE_POLICIES.runStart.windows[0]!.points; i++) await limiter.check("runStart", a);
    expect((await limiter.check("runStart", a)).allowed).toBe(false);
    expect(await limiter.check("runStart", b)).toEqual({ allowed: true });
  });
});

describe("RateLimiter on Redis, the windows' counters", () => {
  it("a refused request is still counted in the other windows", async () => {
    const limiter = new RateLimiter(redis);
    const key = `test-${randomUUID()}`;
    const minute = RATE_POLICIES.sessionIssue.windows[0]!.points;
    for (let i = 0; i < minute + 3; i++) await limiter.check("sessionIssue", key);
    expect(Number(await redis.get(`rl:sessionIssue:0:${key}`))).toBe(minute + 3);
    expect(Number(await redis.get(`rl:sessionIssue:1:${key}`))).toBe(minute + 3);
  });
});
