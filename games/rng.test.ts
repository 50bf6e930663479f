import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCursor, next, nextInt, nextUint32, seedFrom, shuffle } from "./rng";
import { deepFreeze } from "@/games/testing/property-suite";

describe("rng", () => {
  it("is a pure function of the seed and never mutates its input", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 1000 }), (seed, bound) => {
        const s = deepFreeze(seedFrom(seed));
        expect(seedFrom(seed)).toStrictEqual(s);
        const [a, s1] = next(s);
        const [b] = next(s);
        expect(a).toBe(b);
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThan(1);
        const [i] = nextInt(s1, bound);
        expect(Number.isInteger(i) && i >= 0 && i < bound).toBe(true);
        expect(JSON.parse(JSON.stringify(s1))).toStrictEqual(s1);
      }),
    );
  });

  it("gives different streams for nearby seeds", () => {
    const firsts = new Set(["", "a", "b", "ab", "ba", "seed-1", "seed-2", "seed-10"].map((s) => nextUint32(seedFrom(s))[0]));
    expect(firsts.size).toBe(8);
  });

  it("is roughly uniform", () => {
    const counts = [0, 0, 0, 0, 0, 0];
    const cur = createCursor(seedFrom("uniform"));
    for (let i = 0; i < 60000; i++) counts[cur.int(6)]! += 1;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(400);
  });

  it("shuffles into a permutation and cursors match the functional API", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.string(), (items, seed) => {
        const [out, s2] = shuffle(items, seedFrom(seed));
        expect([...out].sort()).toEqual([...items].sort());
        const cur = createCursor(seedFrom(seed));
        expect(cur.shuffle(items)).toEqual(out);
        expect(cur.snapshot()).toStrictEqual(s2);
      }),
    );
  });

  it("rejects invalid bounds", () => {
    expect(() => nextInt(seedFrom("x"), 0)).toThrow(RangeError);
    expect(() => nextInt(seedFrom("x"), 1.5)).toThrow(RangeError);
  });
});
