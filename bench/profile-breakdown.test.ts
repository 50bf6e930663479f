import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { breakdown, functionTimes, withSources, type TProfile } from "./profile-breakdown";

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

  it("reads a frame of a compiled bundle as the source file its map names", () => {
    // a bundle of two lines: line 0 from server/db/lane.ts, line 1 from server/domain/gameplay/play/command.ts
    const dir = mkdtempSync(join(tmpdir(), "profile-"));
    const bundle = join(dir, "web.mjs");
    writeFileSync(bundle, "a()\nb()\n");
    writeFileSync(`${bundle}.map`, JSON.stringify({ version: 3, sources: ["../app/server/db/lane.ts", "../app/server/domain/gameplay/play/command.ts"], names: [], mappings: "AAAA;ACAA" }));
    const url = pathToFileURL(bundle).href;
    const p: TProfile = {
      nodes: [
        { id: 1, callFrame: { functionName: "(root)", url: "", lineNumber: 0 }, children: [2, 3] },
        { id: 2, callFrame: { functionName: "send", url, lineNumber: 0 } },
        { id: 3, callFrame: { functionName: "run", url, lineNumber: 1 } },
      ],
      samples: [2, 3, 3],
      timeDeltas: [1000, 1000, 1000],
      startTime: 0,
    };
    const rows = (q: TProfile) => Object.fromEntries(breakdown(q, 10).rows.map(([k, v]) => [k, Math.round(v * 100)]));
    expect(rows(p)).toEqual({ "Node internals (microtasks, streams, timers, buffers)": 100 });
    expect(rows(withSources(p))).toEqual({ "PostgreSQL driver (pg, our batch/tx)": 50, "domain + routers": 50 }); // the last sample has no duration
    // the map the bench kept beside the profile (the build that was profiled) wins over the bundle's current one
    const kept = mkdtempSync(join(tmpdir(), "profile-kept-"));
    writeFileSync(join(kept, "web.mjs.map"), JSON.stringify({ version: 3, sources: ["../app/server/domain/gameplay/play/command.ts"], names: [], mappings: "AAAA;AACA" }));
    expect(rows(withSources(p, kept))).toEqual({ "domain + routers": 100 });
  });

  it("gives each function its self and inclusive share of the window's busy time, a recursion counted once", () => {
    // root → commitWith → writev (twice), root → pino, then commitWith calling itself → writev
    const p = profile([3, 3, 4, 6, 7, 6]);
    p.nodes[1]!.children = [3, 7];
    p.nodes.push({ id: 7, callFrame: { functionName: "commitWith", url: "file:///app/server/db/batch.ts", lineNumber: 0 }, children: [3] });
    const byName = Object.fromEntries(functionTimes(p, 10, 0).map((f) => [f.name, [Math.round(f.self * 100), Math.round(f.inclusive * 100)]]));
    // four busy samples (idle left out; the last sample has no duration)
    expect(byName["writev"]).toEqual([50, 50]);
    expect(byName["commitWith file:///app/server/db/batch.ts:1"]).toEqual([25, 75]);
    expect(byName["_asJson file:///app/node_modules/pino/lib/tools.js:1"]).toEqual([25, 25]);
    // a window that starts later leaves the first samples out
    expect(functionTimes(p, 10, 0.0025).find((f) => f.name === "writev")?.inclusive ?? 0).toBe(0);
    expect(functionTimes(p, 10, 0.0025).map((f) => f.name)).toContain("commitWith file:///app/server/db/batch.ts:1");
  });
});
