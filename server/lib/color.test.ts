import { describe, expect, it } from "vitest";
import { contrastRatio, deriveAccent, MIN_CONTRAST } from "./color";

describe("accent derivation", () => {
  it("keeps a colour that already contrasts with white", () => {
    expect(deriveAccent("#1e3a8a").accent).toBe("#1e3a8a");
  });

  it.each(["#ffff00", "#a3e635", "#ffffff", "#f472b6", "#22d3ee"])("darkens %s until white text passes AA", (hex) => {
    const { accent, contrast } = deriveAccent(hex);
    expect(contrastRatio(accent, "#ffffff")).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrast).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it("answers a colour asked again the same, and a caller changing its answer changes no one else's", () => {
    const first = deriveAccent("#ffff00");
    const kept = { ...first };
    first.accent = "#000000";
    expect(deriveAccent("#ffff00")).toEqual(kept);
    // more colours than it keeps: still right after the memory is cleared
    for (let i = 0; i < 300; i++) deriveAccent(`#${(0xff0000 + i).toString(16)}`);
    expect(contrastRatio(deriveAccent("#ffff00").accent, "#ffffff")).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it("computes the WCAG ratio", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 0);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 1);
  });
});
