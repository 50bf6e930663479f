import { describe, expect, it } from "vitest";
import { LatencyRecorder } from "./latency-recorder";

describe("LatencyRecorder.snapshot", () => {
  it("skips fields it does not write (a '|' in an action) instead of reporting NaN or a forged label", async () => {
    const r = new LatencyRecorder(null);
    r.record("match3_v1", "swap", 3);
    r.record("match3_v1", "x|y", 3); // match3_v1|x|y|<bucket>: four parts
    r.record("match3_v1", "start|40", 3);
    const snap = await r.snapshot();
    expect(Object.keys(snap.match3_v1!)).toEqual(["swap"]);
    expect(Number.isNaN(snap.match3_v1!.swap!.p99)).toBe(false);
  });
});
