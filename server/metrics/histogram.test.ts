import { describe, expect, it } from "vitest";
import { bucketOf, percentiles, upperBoundMs } from "./histogram";

describe("latency histogram", () => {
  it("puts each value in a bucket whose upper bound is within 15% above it", () => {
    for (const ms of [0.06, 0.5, 1, 3.3, 12, 99, 1500]) {
      const ub = upperBoundMs(bucketOf(ms));
      expect(ub).toBeGreaterThanOrEqual(ms);
      expect(ub).toBeLessThanOrEqual(ms * 1.15 + 1e-9);
    }
  });

  it("computes percentiles from merged counts", () => {
    const counts = new Map<number, number>();
    for (let i = 1; i <= 100; i++) counts.set(bucketOf(i), (counts.get(bucketOf(i)) ?? 0) + 1);
    const p = percentiles(counts);
    expect(p.count).toBe(100);
    expect(p.p50).toBeGreaterThanOrEqual(50);
    expect(p.p50).toBeLessThanOrEqual(50 * 1.15);
    expect(p.p99).toBeGreaterThanOrEqual(99);
    expect(p.p95).toBeLessThanOrEqual(p.p99);
  });

  it("reports zeros when empty", () => {
    expect(percentiles(new Map())).toEqual({ count: 0, p50: 0, p95: 0, p99: 0 });
  });
});
