import { describe, expect, it } from "vitest";
import { landingRotation, sliceAt, slicePath } from "./wheel-math";

describe("wheel geometry", () => {
  it("lands every slice under the pointer, from any start, always turning forward", () => {
    for (const n of [2, 3, 5, 8, 12]) {
      for (const from of [0, 17, 359, 1234.5, -90]) {
        for (let index = 0; index < n; index++) {
          for (const offset of [-0.35, 0, 0.35, 0.9]) {
            const r = landingRotation(from, index, n, 5, offset);
            expect(sliceAt(r, n)).toBe(index);
            expect(r - from).toBeGreaterThanOrEqual(5 * 360);
            expect(r - from).toBeLessThan(6 * 360);
          }
        }
      }
    }
  });

  it("reads the slice under the pointer", () => {
    expect(sliceAt(0, 4)).toBe(0);
    expect(sliceAt(-1, 4)).toBe(0); // just turned back: still the first slice
    expect(sliceAt(1, 4)).toBe(3); // turned clockwise: the last slice comes under the pointer
    expect(sliceAt(270, 4)).toBe(1);
  });

  it("draws slices as closed arcs", () => {
    expect(slicePath(0, 4, 100, 90)).toMatch(/^M 100 100 L 100.00 10.00 A 90 90 0 0 1 190.00 100.00 Z$/);
    expect(slicePath(0, 1, 100, 90)).toContain("A 90 90 0 1 1");
  });
});
