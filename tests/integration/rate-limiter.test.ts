import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { RateLimiter } from "@/server/rate-limit/limiter";
import { RATE_POLICIES } from "@/server/rate-limit/policies";
import { createRedis, whenRedisReady } from "@/server/stores/redis";
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
  // a fresh client fails fast until it is connected (no offline queue): some tests use it directly
  await whenRedisReady(redis, 5_000);
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

describe("RateLimiter on Redis, a leased policy (server/rate-limit/leases.ts)", () => {
  const points = RATE_POLICIES.gameCommand.windows[0]!.points;

  it("takes points in blocks: one round trip for many requests, the limit exact in one process", async () => {
    const limiter = new RateLimiter(redis);
    const key = `test-${randomUUID()}`;
    expect(await limiter.check("gameCommand", key)).toEqual({ allowed: true });
    const block = Number(await redis.get(`rl:gameCommand:0:${key}`));
    expect(block).toBeGreaterThan(1); // the counter holds the whole block
    for (let i = 1; i < block; i++) expect(await limiter.check("gameCommand", key)).toEqual({ allowed: true });
    expect(Number(await redis.get(`rl:gameCommand:0:${key}`))).toBe(block); // served from the block, no round trip
    const rest = await Promise.all(Array.from({ length: points }, () => limiter.check("gameCommand", key)));
    expect(rest.filter((r) => r.allowed).length).toBe(points - block);
    const refused = rest.find((r) => !r.allowed)!;
    expect(refused.allowed === false && refused.retryAfterSec).toBeGreaterThan(0);
    expect(refused.allowed === false && refused.retryAfterSec).toBeLessThanOrEqual(RATE_POLICIES.gameCommand.windows[0]!.durationSec);
  });

  it("a leased policy of two windows takes every request's point in both, also when one block has points left", async () => {
    const limiter = new RateLimiter(redis);
    const key = `test-${randomUUID()}`;
    for (let i = 0; i < 100; i++) expect((await limiter.check("eventsProject", key)).allowed).toBe(true);
    // Each window's counter holds at least the 100 points used (blocks may hold a few more).
    for (const w of [0, 1]) expect(Number(await redis.get(`rl:eventsProject:${w}:${key}`))).toBeGreaterThanOrEqual(100);
  });

  it("two instances on one Redis, concurrently, never let more through than the limit", async () => {
    const a = new RateLimiter(redis);
    const second = createRedis(redisUrlOf(redis));
    onTestFinished(() => second.disconnect());
    const b = new RateLimiter(second);
    const key = `test-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: points * 2 }, (_v, i) => (i % 2 ? a : b).check("gameCommand", key)));
    expect(results.filter((r) => r.allowed).length).toBeLessThanOrEqual(points);
    expect(results.filter((r) => r.allowed).length).toBeGreaterThanOrEqual(points - 2 * 15);
    // and, played to the end one at a time, exactly the limit
    const key2 = `test-${randomUUID()}`;
    let through = 0;
    for (let i = 0; i < points * 2; i++) if ((await (i % 2 ? a : b).check("gameCommand", key2)).allowed) through++;
    expect(through).toBe(points);
  });

  it("a refund goes back to the block; a reset forgets it", async () => {
    const limiter = new RateLimiter(redis);
    const key = `test-${randomUUID()}`;
    for (let i = 0; i < points; i++) await limiter.check("gameCommand", key);
    expect((await limiter.check("gameCommand", key)).allowed).toBe(false);
    await limiter.refund("gameCommand", key);
    expect((await limiter.check("gameCommand", key)).allowed).toBe(true);
    expect(limiter.holdsBlock("gameCommand", key)).toBe(true);
    await limiter.reset("gameCommand", key);
    expect(limiter.holdsBlock("gameCommand", key)).toBe(false);
    expect(await limiter.check("gameCommand", key)).toEqual({ allowed: true });
  });

  it("a refused check gives nothing back: no point the limit never counted reaches the block", async () => {
    const limiter = new RateLimiter(redis);
    const key = `test-${randomUUID()}`;
    for (let i = 0; i < points; i++) expect((await limiter.check("gameCommand", key)).allowed).toBe(true);
    const refused = await limiter.ask("gameCommand", key);
    expect("result" in refused && refused.result.allowed).toBe(false);
    await limiter.giveBack(refused, key);
    await limiter.refund("gameCommand", key, false);
    expect((await limiter.check("gameCommand", key)).allowed).toBe(false);
  });

  it("uses no block while Redis is away: it fails closed as before", async () => {
    const store = createRedis(redisUrlOf(redis));
    const limiter = new RateLimiter(store);
    const key = `test-${randomUUID()}`;
    expect(await limiter.check("gameCommand", key)).toEqual({ allowed: true });
    expect(limiter.holdsBlock("gameCommand", key)).toBe(true);
    const ended = new Promise((resolve) => store.once("end", resolve));
    store.disconnect();
    await ended;
    await expect(limiter.check("gameCommand", key)).rejects.toMatchObject({ appCode: "service_unavailable", status: 503 });
    // asked ahead too: the block's points are not handed out (ask() answers from a block at once only while Redis is ready)
    const asked = await limiter.ask("gameCommand", key);
    expect("error" in asked && asked.error).toMatchObject({ appCode: "service_unavailable", status: 503 });
  });
});

function redisUrlOf(client: Redis): string {
  const o = client.options;
  return `redis://${o.host ?? "127.0.0.1"}:${o.port ?? 6379}/${o.db ?? 0}`;
}

describe("a fresh instance under load (ioredis auto-pipelining)", () => {
  // An instance that had just started in a rolling restart crashed (CI, 2026-11-30): a limiter built
  // on its first request defined its Lua command on the client while a pipeline of the same tick,
  // made before the definition, was still filling; the command went into that pipeline, which did
  // not know it ("pipeline[functionName] is not a function"), and its answer came back one short, so
  // ioredis threw "results[i] is not iterable" outside any promise and the process exited.
  it("a limit asked in the same tick as the client's first command answers, and nothing is thrown outside it", async () => {
    const r = await ensureRedis();
    const fresh = createRedis(r.url);
    const thrown: unknown[] = [];
    const onUncaught = (e: unknown) => thrown.push(e);
    process.on("uncaughtException", onUncaught);
    try {
      await new Promise<void>((resolve) => fresh.once("ready", () => resolve()));
      const limiter = new RateLimiter(fresh);
      // another request's command opens this tick's pipeline first …
      const other = fresh.get(`test-${randomUUID()}`);
      // … then the first limit of this process is asked
      const asked = limiter.check("sessionIssue", `test-${randomUUID()}`);
      expect(await asked).toEqual({ allowed: true });
      expect(await other).toBeNull();
      // the pipeline's answers are handed out on the next ticks: let them all run
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(thrown).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
      fresh.disconnect();
    }
  });
});
