import { describe, expect, it } from "vitest";
import { secureRandomBytes, secureRandomHex } from "./random";

describe("secureRandomBytes", () => {
  it("answers the asked number of bytes, never the same bytes twice, across the pool's refills", () => {
    const seen = new Set<string>();
    // 32 and 12 bytes, as a spin's seeds and IVs: 4 096 / 44 does not divide, so draws straddle refills
    for (let i = 0; i < 5_000; i++) {
      for (const n of [32, 12]) {
        const b = secureRandomBytes(n);
        expect(b.length).toBe(n);
        const hex = b.toString("hex");
        expect(seen.has(hex)).toBe(false);
        seen.add(hex);
      }
    }
    expect(seen.size).toBe(10_000);
  });

  it("looks uniform: every byte value turns up about as often", () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 2_000; i++) for (const v of secureRandomBytes(64)) counts[v]!++;
    // 128 000 bytes: 500 expected per value; a generator stuck on zeros (a pool handed out after
    // zeroing, say) or on a repeated block would be far outside this
    for (const c of counts) {
      expect(c).toBeGreaterThan(350);
      expect(c).toBeLessThan(650);
    }
  });

  it("draws a large request on its own, and refuses what is not a byte count", () => {
    expect(secureRandomBytes(5_000).length).toBe(5_000);
    expect(secureRandomBytes(0).length).toBe(0);
    expect(secureRandomHex(16)).toMatch(/^[0-9a-f]{32}$/);
    expect(() => secureRandomBytes(-1)).toThrow(RangeError);
    expect(() => secureRandomBytes(1.5)).toThrow(RangeError);
  });
});
