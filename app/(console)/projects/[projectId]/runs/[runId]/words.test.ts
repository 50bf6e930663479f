import { describe, expect, it } from "vitest";
import { formatMs, frameLine } from "./words";

describe("a replayed run in words", () => {
  it("says each game's moves as a reviewer reads them, refusals with their reason, no codes", () => {
    expect(frameLine({ action: "swap", payload: { from: { row: 1, col: 2 }, to: { row: 1, col: 3 } }, accepted: true, rejection_code: null })).toBe("Swap row 2, column 3 with row 2, column 4");
    expect(frameLine({ action: "swap", payload: { from: { row: 0, col: 0 }, to: { row: 5, col: 5 } }, accepted: false, rejection_code: "not_adjacent" })).toBe("Swap row 1, column 1 with row 6, column 6 — not adjacent");
    expect(frameLine({ action: "booster", payload: { effect: "hammer", cell: { row: 0, col: 0 }, effect_token: "secret" }, accepted: true, rejection_code: null })).toBe("Booster: hammer on row 1, column 1");
    expect(frameLine({ action: "flip", payload: { index: 0 }, accepted: true, rejection_code: null })).toBe("Turn card 1");
    expect(frameLine({ action: "move", payload: { dir: "up" }, accepted: true, rejection_code: null })).toBe("Move up");
    expect(frameLine({ action: "extra_fuel", payload: {}, accepted: true, rejection_code: null })).toBe("extra fuel");
  });

  it("writes gaps in tenths of a second below ten seconds, minutes above", () => {
    expect(formatMs(40)).toBe("0.0 s");
    expect(formatMs(420)).toBe("0.4 s");
    expect(formatMs(9_949)).toBe("9.9 s");
    expect(formatMs(65_000)).toBe("1 min 5 s");
    expect(formatMs(120_000)).toBe("2 min");
    expect(formatMs(null)).toBe("—");
  });
});
