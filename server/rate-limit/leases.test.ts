import { describe, expect, it, vi } from "vitest";
import { grantedOf, LeaseBook, leaseSize, maxLeaseOf, type TLeaseAnswer } from "./leases";

/** A shared fixed-window counter, as Redis keeps it: an atomic increment answering the total and the time left. */
function sharedCounter(windowMs: number, clock: () => number) {
  let count = 0;
  let endsAt = 0;
  const asks: number[] = [];
  return {
    asks,
    ask: async (size: number): Promise<TLeaseAnswer> => {
      await Promise.resolve(); // a round trip: other requests run meanwhile
      if (clock() >= endsAt) [count, endsAt] = [0, clock() + windowMs];
      asks.push(size);
      count += size;
      return { consumedAfter: count, msBeforeNext: endsAt - clock() };
    },
  };
}

const allowed = (results: Array<{ allowed: boolean }>) => results.filter((r) => r.allowed).length;

describe("lease sizes", () => {
  it("a quarter of what is left, between 1 and the policy's block", () => {
    expect(leaseSize(15, 120)).toBe(15);
    expect(leaseSize(15, 40)).toBe(10);
    expect(leaseSize(15, 7)).toBe(1);
    expect(leaseSize(15, -3)).toBe(1);
    expect(maxLeaseOf(120)).toBe(15);
    expect(maxLeaseOf(6000)).toBe(32);
    expect(maxLeaseOf(6)).toBe(1);
  });

  it("grants what the window had left, never more than the block", () => {
    expect(grantedOf(120, 15, 15)).toBe(15);
    expect(grantedOf(120, 15, 125)).toBe(10);
    expect(grantedOf(120, 15, 135)).toBe(0);
    expect(grantedOf(120, 15, 200)).toBe(0);
  });
});

describe("LeaseBook", () => {
  it("lets exactly the limit through, with a round trip per block instead of per request", async () => {
    let t = 1_000;
    const store = sharedCounter(10_000, () => t);
    const book = new LeaseBook(() => t);
    const results = [];
    for (let i = 0; i < 130; i++) results.push(await book.take("gameCommand:0:p", 120, 15, store.ask));
    expect(allowed(results.slice(0, 120))).toBe(120);
    expect(allowed(results.slice(120))).toBe(0);
    expect(store.asks.length).toBeLessThan(30); // 120 points in blocks of 15 shrinking to 1, then one ask per refusal
    // the next window starts afresh
    t += 10_000;
    expect(await book.take("gameCommand:0:p", 120, 15, store.ask)).toEqual({ allowed: true });
  });

  it("concurrent requests share one block on its way and never exceed the limit", async () => {
    const store = sharedCounter(10_000, () => 0);
    const book = new LeaseBook(() => 0);
    const results = await Promise.all(Array.from({ length: 200 }, () => book.take("k", 120, 15, store.ask)));
    expect(allowed(results)).toBe(120);
    // ~19 blocks (15 shrinking to 1) and one refused question for the 80 over the limit, not one each in a queue
    expect(store.asks.length).toBeLessThanOrEqual(21);
  });

  it("once the store refuses, the rest of the window is refused without asking; the next window asks again", async () => {
    let t = 0;
    const store = sharedCounter(10_000, () => t);
    const book = new LeaseBook(() => t);
    for (let i = 0; i < 121; i++) await book.take("k", 120, 15, store.ask);
    const asked = store.asks.length;
    t = 4_000;
    for (let i = 0; i < 50; i++) expect(await book.take("k", 120, 15, store.ask)).toEqual({ allowed: false, msBeforeNext: 6_000 });
    expect(store.asks.length).toBe(asked);
    t = 10_000;
    expect(await book.take("k", 120, 15, store.ask)).toEqual({ allowed: true });
    expect(store.asks.length).toBe(asked + 1);
  });

  it("two instances on one counter never let more through than the limit, and are refused at most a few early", async () => {
    const store = sharedCounter(10_000, () => 0);
    const a = new LeaseBook(() => 0);
    const b = new LeaseBook(() => 0);
    let through = 0;
    let firstRefusalAt = -1;
    for (let i = 0; i < 300; i++) {
      const r = await (i % 2 ? a : b).take("k", 120, 15, store.ask);
      if (r.allowed) through++;
      else if (firstRefusalAt < 0) firstRefusalAt = through;
    }
    expect(through).toBe(120);
    expect(firstRefusalAt).toBeGreaterThanOrEqual(115);
  });

  it("a refusal carries the window's wait; a block never outlives its window", async () => {
    let t = 0;
    const store = sharedCounter(60_000, () => t);
    const book = new LeaseBook(() => t);
    expect(await book.take("k", 2, 1, store.ask)).toEqual({ allowed: true });
    expect(await book.take("k", 2, 1, store.ask)).toEqual({ allowed: true });
    t = 15_000;
    expect(await book.take("k", 2, 1, store.ask)).toEqual({ allowed: false, msBeforeNext: 45_000 });
    // a block taken late in a window is not used in the next one
    const big = new LeaseBook(() => t);
    const shared = sharedCounter(60_000, () => t);
    expect(await big.take("k", 120, 15, shared.ask)).toEqual({ allowed: true });
    t += 60_000;
    expect(await big.take("k", 120, 15, shared.ask)).toEqual({ allowed: true });
    expect(shared.asks).toEqual([15, 15]);
  });

  it("gives a point back to the block, and forgets a dropped one", async () => {
    const store = sharedCounter(10_000, () => 0);
    const book = new LeaseBook(() => 0);
    for (let i = 0; i < 120; i++) await book.take("k", 120, 15, store.ask);
    expect((await book.take("k", 120, 15, store.ask)).allowed).toBe(false);
    expect(book.giveBack("k")).toBe(true);
    expect((await book.take("k", 120, 15, store.ask)).allowed).toBe(true);
    book.drop("k");
    expect(book.giveBack("k")).toBe(false);
    expect(book.size).toBe(0);
  });

  it("a store that fails rejects every request waiting on the block and keeps nothing", async () => {
    const book = new LeaseBook(() => 0);
    const failing = async (): Promise<TLeaseAnswer> => {
      await Promise.resolve();
      throw new Error("store down");
    };
    const results = await Promise.allSettled([book.take("k", 120, 15, failing), book.take("k", 120, 15, failing)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(book.size).toBe(0);
  });

  it("a store that fails answers every request that waited for the block with one question, not one after another", async () => {
    // A store that hangs until its client gives up (ioredis's command timeout): each question
    // costs that long, so waiters that asked again in turn would fail at 1×, 2×, 3×… the timeout.
    const book = new LeaseBook(() => 0);
    let asks = 0;
    let fail!: (e: Error) => void;
    const hanging = (): Promise<TLeaseAnswer> => {
      asks++;
      return asks === 1 ? new Promise((_resolve, reject) => (fail = reject)) : Promise.reject(new Error("asked again"));
    };
    const waiting = Array.from({ length: 5 }, () => book.take("k", 120, 15, hanging));
    await Promise.resolve();
    fail(new Error("store timed out"));
    const results = await Promise.allSettled(waiting);
    expect(results.map((r) => (r.status === "rejected" ? (r.reason as Error).message : "allowed"))).toEqual(Array(5).fill("store timed out"));
    expect(asks).toBe(1);
    // the next request asks afresh
    await expect(book.take("k", 120, 15, hanging)).rejects.toThrow("asked again");
  });

  it("forgets the blocks of ended windows on its own, without a new block being taken", async () => {
    vi.useFakeTimers();
    try {
      let t = 0;
      const book = new LeaseBook(() => t);
      const store = sharedCounter(60_000, () => t);
      await book.take("player-a", 120, 15, store.ask);
      await book.take("player-b", 120, 15, store.ask);
      expect(book.size).toBe(2);
      t = 60_000; // both windows ended; nothing else happens in this process
      await vi.advanceTimersByTimeAsync(5_000);
      expect(book.size).toBe(0);
      expect(book.has("player-a")).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("takeNow hands out the block's points of the window now, and never a point the block does not hold", async () => {
    let t = 1_000;
    const store = sharedCounter(10_000, () => t);
    const book = new LeaseBook(() => t);
    expect(book.takeNow("k")).toBe(false); // no block: take() asks
    expect(await book.take("k", 120, 4, store.ask)).toEqual({ allowed: true }); // a block of 4, one used
    expect([book.takeNow("k"), book.takeNow("k"), book.takeNow("k"), book.takeNow("k")]).toEqual([true, true, true, false]);
    expect(store.asks).toEqual([4]);
    expect(await book.take("k", 120, 4, store.ask)).toEqual({ allowed: true });
    expect(book.takeNow("k")).toBe(true);
    t += 10_000; // the window ended: its points are gone with it
    expect(book.takeNow("k")).toBe(false);
    // 120 points through take() and takeNow() together, then refusals: never more than the limit.
    let through = 0;
    for (let i = 0; i < 150; i++) if (book.takeNow("k") || (await book.take("k", 120, 4, store.ask)).allowed) through++;
    expect(through).toBe(120);
  });
});
