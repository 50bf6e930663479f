import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drawSegmentIndex, fallbackSegmentIndex, newServerSeed, pickByWeight, randomRolls, computeRoll, serverSeedHash, weightsCommitment } from "./draw";

const segments = [
  { id: "a", weight: 1, award: { type: "tickets" as const, amount: 1 } },
  { id: "none_1", weight: 3, award: { type: "nothing" as const } },
  { id: "b", weight: 2, award: { type: "tickets" as const, amount: 1 } },
  { id: "none_2", weight: 1, award: { type: "nothing" as const } },
];
const TOP = 2n ** 52n;

describe("the fair draw", () => {
  it("is HMAC-SHA256(server seed, spin id:nonce), first 13 hex digits, recomputable with any tool", () => {
    const seed = "0".repeat(64);
    const roll = computeRoll(seed, "5f0c6a8e-1111-4222-8333-944455556666", 7);
    const digest = createHmac("sha256", seed).update("5f0c6a8e-1111-4222-8333-944455556666:7").digest("hex");
    expect(roll.hex).toBe(digest.slice(0, 13));
    expect(roll.value).toBe(BigInt(`0x${digest.slice(0, 13)}`));
    expect(roll.value < TOP).toBe(true);
    expect(serverSeedHash(seed)).toBe(createHash("sha256").update(seed).digest("hex"));
    expect(newServerSeed()).toMatch(/^[0-9a-f]{64}$/);
  });

  it("maps the roll onto cumulative weights with exact integer boundaries", () => {
    // W = 7: tickets 0 → a; 1-3 → none_1; 4-5 → b; 6 → none_2. ticket = floor(R × 7 / 2^52).
    const at = (ticket: bigint) => (ticket * TOP + 6n) / 7n; // the smallest R with that ticket (plus slack)
    expect(drawSegmentIndex(segments, 0n)).toBe(0);
    expect(drawSegmentIndex(segments, at(1n))).toBe(1);
    expect(drawSegmentIndex(segments, at(3n))).toBe(1);
    expect(drawSegmentIndex(segments, at(4n))).toBe(2);
    expect(drawSegmentIndex(segments, at(6n))).toBe(3);
    expect(drawSegmentIndex(segments, TOP - 1n)).toBe(3);
    expect(pickByWeight([5], 123n)).toBe(0);
  });

  it("falls back to a nothing segment by the same roll over the nothing segments' weights", () => {
    expect(fallbackSegmentIndex(segments, 0n)).toBe(1);
    expect(fallbackSegmentIndex(segments, TOP - 1n)).toBe(3);
    for (const r of randomRolls(200)) expect(segments[fallbackSegmentIndex(segments, r)]!.award.type).toBe("nothing");
  });

  it("commits to the weight table with a salt", () => {
    const a = weightsCommitment("salt-1", segments);
    expect(a).toBe(createHash("sha256").update('salt-1:[["a",1],["none_1",3],["b",2],["none_2",1]]').digest("hex"));
    expect(weightsCommitment("salt-2", segments)).not.toBe(a);
  });

  it("draws each segment in proportion to its weight (chi-square over 70 000 rolls)", () => {
    const counts = [0, 0, 0, 0];
    // The rolls players get (HMAC of a server seed, a client seed and a nonce), from fixed seeds: the
    // same statistic every run, instead of a test that random rolls fail one time in a thousand.
    const rolls = Array.from({ length: 70_000 }, (_, nonce) => computeRoll("chi-square server seed", "chi-square client", nonce).value);
    for (const r of rolls) {
      expect(r >= 0n && r < TOP).toBe(true);
      counts[drawSegmentIndex(segments, r)]!++;
    }
    const chi = counts.reduce((n, c, i) => n + (c - (70_000 * segments[i]!.weight) / 7) ** 2 / ((70_000 * segments[i]!.weight) / 7), 0);
    expect(chi).toBeLessThan(16.27); // 3 degrees of freedom, p = 0.001
  });
});
