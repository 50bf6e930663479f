import { describe, expect, it } from "vitest";
import { playersAt, soakReport, soakVerdicts, type TSoakResult, type TSoakWindow } from "./soak-report";

const proc = (rss: number, heapFloor: number) => ({ rss, heapUsed: heapFloor + 10, heapFloor, handles: 10, poolTotal: 16, poolWaiting: 0, queueWaiting: 0, outboxQueued: 0 });
const windowAt = (minute: number, o: { rss?: number; heap?: number; p99?: number; errors?: number } = {}): TSoakWindow => ({
  minute, seconds: 300, requests: 30_000, errors: o.errors ?? 0, firstError: o.errors ? "move 500 {}" : null, sessions: 1_000, moves: 20_000,
  latency: { move: { n: 20_000, p50: 4, p99: o.p99 ?? 20 } }, playerP99: o.p99 ?? 20,
  web: proc(o.rss ?? 200, o.heap ?? 80), worker: proc(150, 60), dbConnections: 30, cpuPerRequest: "CPU per request: …", cpuShares: "CPU of 2 cores: …", delivered: 100,
});
const result = (windows: TSoakWindow[], outbox = { claims: 100, delivered: 100, queued: 0, dead: 0 }, repeats = 0): TSoakResult => ({
  minutes: 30, windowMinutes: 5, concurrency: 32, playersPerProject: 600, games: ["match3_v1"],
  capacity: { rate: 200, p99: 80, errors: 0, sessions: 100, moves: 2_000, requests: 3_000 },
  steps: [{ share: 0.5, rate: 100, achieved: 99, p99: 30, errors: 0 }], sustainable: { rate: 100, achieved: 99, p99: 30 }, soakRate: 100,
  windows, outbox, received: outbox.delivered, repeats,
});

describe("the soak's verdicts", () => {
  it("passes flat memory, a steady p99, no errors and every claim delivered once", () => {
    const v = soakVerdicts(result([windowAt(5), windowAt(30, { rss: 215, heap: 85, p99: 22 })]));
    expect(v.memory.every((m) => m.met)).toBe(true);
    expect(v.p99.met && v.errors.met && v.deliveries.met).toBe(true);
  });

  it("fails memory that grows more than 10 % from the first window to the last", () => {
    const v = soakVerdicts(result([windowAt(5), windowAt(30, { rss: 230 })]));
    expect(v.memory.find((m) => m.what === "web RSS")).toMatchObject({ met: false });
    expect(soakVerdicts(result([windowAt(5), windowAt(30, { heap: 90 })])).memory.find((m) => m.what === "web heap (floor)")).toMatchObject({ met: false });
  });

  it("fails a p99 that climbs, any error, and a claim not delivered or delivered twice", () => {
    expect(soakVerdicts(result([windowAt(5), windowAt(30, { p99: 26 })])).p99.met).toBe(false);
    // a trend across halves, not one window: a fast first window alone is no climb, a slower second half is
    const windows = (p99s: number[]) => p99s.map((p99, i) => windowAt(5 * (i + 1), { p99 }));
    expect(soakVerdicts(result(windows([24, 47, 36, 41, 54, 39]))).p99).toMatchObject({ met: true });
    expect(soakVerdicts(result(windows([24, 30, 28, 40, 45, 38]))).p99).toMatchObject({ met: false });
    expect(soakVerdicts(result([windowAt(5), windowAt(30, { errors: 1 })])).errors).toEqual({ count: 1, met: false });
    expect(soakVerdicts(result([windowAt(5)], { claims: 100, delivered: 99, queued: 1, dead: 0 })).deliveries.met).toBe(false);
    expect(soakVerdicts(result([windowAt(5)], { claims: 100, delivered: 100, queued: 0, dead: 0 }, 1)).deliveries.met).toBe(false);
    expect(soakVerdicts(result([windowAt(5)], { claims: 0, delivered: 0, queued: 0, dead: 0 })).deliveries.met).toBe(false);
  });
});

describe("players per machine", () => {
  it("turns a request rate into players at a person's pace", () => {
    // 22 requests a visit with 20 moves: 20 × 3 s + 30 s = 90 s a visit, 0.244 requests/s a player
    const p = playersAt(500, 22, 20);
    expect(p.visitSeconds).toBe(90);
    expect(p.players).toBeCloseTo(500 / (22 / 90), 6);
  });

  it("reports the rate, the players and each verdict", () => {
    const text = soakReport(result([windowAt(5), windowAt(30)])).join("\n");
    expect(text).toMatch(/sustainable mixed rate at player p99 ≤ 50 ms: 99 requests\/s/);
    expect(text).toMatch(/players playing at once/);
    expect(text).toMatch(/web RSS: last window \/ first 1\.00 \(target ≤ 1\.10\) MET/);
    expect(text).toMatch(/deliveries: 100 claims, 100 delivered, 0 queued, 0 dead; receiver saw 100 webhooks, 0 repeated MET/);
  });
});
