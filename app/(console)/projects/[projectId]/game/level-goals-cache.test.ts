import { describe, expect, it } from "vitest";
import { cachedTrackFits } from "./level-goals-cache";

describe("cachedTrackFits", () => {
  it("shows a cached track only when it is the selected game's", () => {
    expect(cachedTrackFits({ mechanic: "match3_v1" }, "match3_v1")).toBe(true);
    expect(cachedTrackFits({ mechanic: "match3_v1" }, "parcel_v1")).toBe(false);
    expect(cachedTrackFits(undefined, "match3_v1")).toBe(false);
  });

  it("waits for the page's own fetch without a game (a legacy template's goals or none)", () => {
    expect(cachedTrackFits({ mechanic: null }, null)).toBe(false);
    expect(cachedTrackFits({ mechanic: "match3_v1" }, null)).toBe(false);
  });
});
