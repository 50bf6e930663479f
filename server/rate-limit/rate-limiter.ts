import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { AppError } from "@/server/errors/app-error";
import { whenRedisReady } from "@/server/stores/redis-client";
import { LeaseBook, maxLeaseOf, type TLeaseResult } from "./leases";
import { RATE_POLICIES, type TRatePolicy, type TRatePolicyName } from "./policies";
import { rateLimitRefusals } from "@/server/metrics/prometheus";

export type TLimitResult = { allowed: true } | { allowed: false; retryAfterSec: number };

/** A limit's answer asked ahead (RateLimiter.ask): its result, or the store's failure as `error`. */
export type TAskedLimit = { name: TRatePolicyName; result: TLimitResult } | { name: TRatePolicyName; error: unknown };

/** The answer of every allowed check from a block (one frozen object, not one per request). */
const ALLOWED: TLimitResult = Object.freeze({ allowed: true });

/**
 * One small interface for every limited endpoint. Backed by Redis when configured (shared by all
 * instances), by process memory otherwise. On Redis, a policy marked `lease` is counted in blocks
 * (leases.ts): one round trip per block of points instead of one per request, the same shared
 * counter, never more through than the limit; while Redis is not ready no block is used (check()
 * waits for it, then fails closed, before any block is looked at).
 */
export class RateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract[]>();
  private readonly leases = new LeaseBook();

  constructor(private readonly store: Redis | null) {
    // Every Redis limiter is built now, before the client sends anything: building one defines its
    // Lua command on the client, and an auto-pipeline already open in that tick (made before the
    // definition) would take the command without knowing it — its answers then come back one short
    // and ioredis throws outside any promise, which ended a freshly restarted instance (CI,
    // 2026-11-30; tests/integration/rate-limiter.test.ts).
    if (store) for (const [name, policy] of Object.entries(RATE_POLICIES)) this.get(name, policy);
  }

  private get(name: string, policy: TRatePolicy): RateLimiterAbstract[] {
    let list = this.limiters.get(name);
    if (!list) {
      list = policy.windows.map((w, i) => {
        const opts = { keyPrefix: `rl:${name}:${i}`, points: w.points, duration: w.durationSec };
        return this.store
          ? new RateLimiterRedis({ ...opts, storeClient: this.store, rejectIfRedisNotReady: true } as ConstructorParameters<typeof RateLimiterRedis>[0])
          : new RateLimiterMemory(opts);
      });
      this.limiters.set(name, list);
    }
    return list;
  }

  /** Consumes one point; reports whether the request may proceed. Store failures throw. */
  async check(name: TRatePolicyName, key: string): Promise<TLimitResult> {
    const policy = RATE_POLICIES[name];
    if (this.store && this.store.status !== "ready") {
      try {
        await whenRedisReady(this.store, 500);
      } catch (e) {
        if (policy.failClosed) throw new AppError("service_unavailable", "Rate limiter unavailable; request refused", { cause: e });
        return { allowed: true };
      }
    }
    const leased = this.leased(policy);
    const limiters = this.get(name, policy);
    // A leased window's point from this process's block, when it has one: no promise per window,
    // no question (most requests of a leased policy; with several windows all must be asked together).
    if (leased && limiters.length === 1 && this.leases.takeNow(leaseId(name, 0, key))) return ALLOWED;
    // Every window is consumed (a refused request still counts in the others), all at once: one
    // round trip for a policy of several windows.
    const outcomes = await Promise.allSettled(limiters.map((limiter, i) => (leased ? this.takeLeased(name, i, key, limiter) : limiter.consume(key))));
    const result = decideWindows(outcomes, policy.failClosed === true);
    if (!result.allowed) rateLimitRefusals.inc({ policy: name });
    return result;
  }

  private leased(policy: TRatePolicy): boolean {
    return this.store !== null && "lease" in policy && policy.lease === true;
  }

  /** A window's point from this process's block (leases.ts); a refusal rejects with a RateLimiterRes, as consume() does. */
  private async takeLeased(name: TRatePolicyName, window: number, key: string, limiter: RateLimiterAbstract): Promise<void> {
    const w = RATE_POLICIES[name].windows[window]!;
    const result: TLeaseResult = await this.leases.take(leaseId(name, window, key), w.points, maxLeaseOf(w.points), (size) =>
      limiter.consume(key, size).then(
        (r) => ({ consumedAfter: r.consumedPoints, msBeforeNext: r.msBeforeNext }),
        (e: unknown) => {
          if (e instanceof RateLimiterRes) return { consumedAfter: e.consumedPoints, msBeforeNext: e.msBeforeNext };
          throw e;
        },
      ),
    );
    if (!result.allowed) throw new RateLimiterRes(0, result.msBeforeNext);
  }

  /**
   * check(), asked ahead of other work (beside a transaction's first round trip): it never
   * rejects, so it may wait unawaited; the caller decides, once it knows whether the request
   * counts, to enforce the answer or to refund the point.
   */
  ask(name: TRatePolicyName, key: string): Promise<TAskedLimit> {
    return this.check(name, key).then((result) => ({ name, result }), (error: unknown) => ({ name, error }));
  }

  /** Consumes one point and throws 429 `rate_limited` (with Retry-After) when over the limit. */
  async enforce(name: TRatePolicyName, key: string): Promise<void> {
    throwIfLimited(await this.check(name, key));
  }

  /** Gives back the point an asked answer consumed, if the store gave one (see refund). */
  async giveBack(asked: TAskedLimit, key: string): Promise<void> {
    if ("result" in asked) await this.refund(asked.name, key, asked.result.allowed);
  }

  /**
   * Gives back the point a request consumed (it turned out to be a repeat the limit does not
   * count). Best effort. `allowed`: what the request's check answered. A refused check of a leased
   * policy took no point from any block (the store counted none for it), so it gives nothing back:
   * a point given back there would be one the limit never counted. (With several windows, the
   * windows that did grant it a point keep it: the limit errs towards letting fewer through.)
   */
  async refund(name: TRatePolicyName, key: string, allowed = true): Promise<void> {
    const leased = this.leased(RATE_POLICIES[name]);
    if (leased && !allowed) return;
    await Promise.all(this.get(name, RATE_POLICIES[name]).map((l, i) => (leased && this.leases.giveBack(leaseId(name, i, key)) ? undefined : l.reward(key, 1).catch(() => undefined))));
  }

  /** Forgets a key (for example after a successful login). */
  async reset(name: TRatePolicyName, key: string): Promise<void> {
    this.forgetLocal(name, key);
    await Promise.all(this.get(name, RATE_POLICIES[name]).map((l) => l.delete(key).catch(() => false)));
  }

  /** Whether this process holds a block of a key's points (tests, diagnostics). */
  holdsBlock(name: TRatePolicyName, key: string): boolean {
    return RATE_POLICIES[name].windows.some((_w, i) => this.leases.has(leaseId(name, i, key)));
  }

  /** Forgets this process's blocks of a key (a player's erasure deletes the shared counters itself). */
  forgetLocal(name: TRatePolicyName, key: string): void {
    RATE_POLICIES[name].windows.forEach((_w, i) => this.leases.drop(leaseId(name, i, key)));
  }
}

/**
 * A check's answer from its windows' outcomes: refused when any window refused, with the longest
 * wait (at least a second: a refusal whose window ends this very millisecond is still a refusal);
 * a store failure throws 503 for a fail-closed policy and lets the request through otherwise.
 */
export function decideWindows(outcomes: PromiseSettledResult<unknown>[], failClosed: boolean): TLimitResult {
  let refused = false;
  let retryAfterSec = 1;
  for (const outcome of outcomes) {
    if (outcome.status === "fulfilled") continue;
    const e: unknown = outcome.reason;
    if (e instanceof RateLimiterRes) {
      refused = true;
      retryAfterSec = Math.max(retryAfterSec, Math.ceil(e.msBeforeNext / 1000));
      continue;
    }
    if (failClosed) throw new AppError("service_unavailable", "Rate limiter unavailable; request refused", { cause: e });
    return { allowed: true };
  }
  return refused ? { allowed: false, retryAfterSec } : { allowed: true };
}

function leaseId(name: string, window: number, key: string): string {
  return `${name}:${window}:${key}`;
}

/** 429 `rate_limited` (with Retry-After) for a refused check. */
export function throwIfLimited(result: TLimitResult): void {
  if (!result.allowed) throw new AppError("rate_limited", undefined, { headers: { "Retry-After": String(result.retryAfterSec) } });
}
