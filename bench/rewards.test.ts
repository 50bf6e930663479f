import { describe, expect, it } from "vitest";
import { claimCost, claimCostLine, pooledTailLine } from "./rewards";

const phase = (commands: number, seconds: Record<string, number>) => ({ commands, seconds: (k: string) => seconds[k] ?? 0 });

describe("what a claim costs the machine", () => {
  it("is the claims phase's CPU per command beyond free play's, times its commands, over its wins", () => {
    // free play: 5 000 commands, PostgreSQL 3.5 s (700 µs a command); claims: 5 200 commands, 5.2 s (1 000 µs), 520 wins
    const cost = claimCost(phase(5_000, { postgres: 3.5, worker: 0.1, web: 4 }), { ...phase(5_200, { postgres: 5.2, worker: 0.6, web: 4.16 }), wins: 520 });
    expect(cost.postgres).toBeCloseTo(3, 6); // (1 000 − 700) µs × 5 200 / 520
    expect(cost.worker).toBeCloseTo((1000 * (0.6 / 5200 - 0.1 / 5000) * 5200) / 520, 6);
    expect(cost.web).toBeCloseTo(0, 6); // 800 µs a command in both: a phase with more commands is not a cost
    expect(cost.redis).toBe(0);
  });
  it("is nothing when the claims phase had no win", () => {
    expect(claimCost(phase(10, { web: 1 }), { ...phase(10, { web: 2 }), wins: 0 }).web).toBe(0);
  });
  it("prints each party's median over the pairs and the median of their sums (4.4, 5.1 and 4.6 ms: 4.6)", () => {
    const pair = (postgres: number, worker: number, web: number) => ({ postgres, worker, web, redis: 0, bench: 0.1 });
    expect(claimCostLine([pair(3, 0.8, 0.5), pair(2.5, 1, 1.5), pair(4, 0.7, -0.2)])).toBe(
      "what a win with a claim adds to the machine's CPU at half load, beyond a free-play win (median of 3 pairs): PostgreSQL 3.00 ms, worker 0.80 ms, web 0.50 ms, Redis 0.00 ms, load generator and receiver 0.10 ms; 4.60 ms in all",
    );
  });
});

describe("the half-load pairs' tail, pooled", () => {
  it("takes the p99 over every pair's wins, with a claim and without, not a pair's", () => {
    // three pairs' claims at 1–100, 101–200 and 201–300 ms: the pairs' p99s are 100, 200 and 300
    // (their median 200); pooled, the p99 is the 298th of the 300 wins. Free play: 1–100 ms in each.
    const range = (from: number) => Array.from({ length: 100 }, (_, i) => from + i);
    const line = pooledTailLine([
      { claims: range(1), free: range(1) },
      { claims: range(101), free: range(1) },
      { claims: range(201), free: range(1) },
    ]);
    expect(line).toBe(
      "winning command at half load, the 3 pairs' wins pooled: with a claim p99 298 ms (n=300); free play's, the machine's own tail in the same pairs, p99 100 ms (n=300)",
    );
  });
  it("reads 0 for a side with no wins", () => {
    expect(pooledTailLine([{ claims: [], free: [5] }])).toBe(
      "winning command at half load, the 1 pair's wins pooled: with a claim p99 0 ms (n=0); free play's, the machine's own tail in the same pairs, p99 5 ms (n=1)",
    );
  });
});
