import { describe, expect, it } from "vitest";
import { breakdown, type TProfile } from "./profile-breakdown";

/** A profile of six nodes: root → our batch → a socket write, root → pino, root → GC, root → idle. */
function profile(samples: number[], stepUs = 1000): TProfile {
  const frame = (functionName: string, url = "") => ({ functionName, url, lineNumber: 0 });
  return {
    nodes: [
      { id: 1, callFrame: frame("(root)"), children: [2, 4, 5, 6] },
      { id: 2, callFrame: frame("commitWith", "file:///app/server/db/batch.ts"), children: [3] },
      { id: 3, callFrame: frame("writev") },
      { id: 4, callFrame: frame("_asJson", "file:///app/node_modules/pino/lib/tools.js") },
      { id: 5, callFrame: frame("(garbage collector)") },
      { id: 6, callFrame: frame("(idle)") },
    ],
    samples,
    timeDeltas: samples.map(() => stepUs),
    startTime: 0,
  };
}

describe("profile breakdown", () => {
  it("counts a socket write with the party it writes to, and leaves idle time out", () => {
    const r = breakdown(profile([3, 3, 4, 5, 6, 6]), 10);
    expect(Object.fromEntries(r.rows.map(([k, v]) => [k, Math.round(v * 100)]))).toEqual({ "socket writes: PostgreSQL": 50, "logging (pino)": 25, GC: 25 });
  });

  it("takes the busiest window, or the one asked for", () => {
    // 20 s of samples a second apart: idle first, busy in the second half
    const samples = [...Array(10).fill(6), ...Array(10).fill(4)];
    expect(breakdown(profile(samples, 1e6), 5).fromS).toBeGreaterThanOrEqual(10);
    expect(breakdown(profile(samples, 1e6), 5, 2).fromS).toBe(2);
  });
});
