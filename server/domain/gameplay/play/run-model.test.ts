import { describe, expect, it } from "vitest";
import { isExpired, newRunRow, RUN_ACTIVITY_STEP_MS, RUN_COLUMNS, RUN_IDLE_TTL_MS, runActivity, runExpiry, runFromJson } from "./run-model";

const at = (ms: number) => new Date(Date.UTC(2026, 10, 26) + ms);

describe("runActivity", () => {
  const started = { last_activity_at: at(0), expires_at: runExpiry(at(0)) };

  it("leaves activity and expiry as they are within a step of the stored activity", () => {
    expect(runActivity(started, at(RUN_ACTIVITY_STEP_MS - 1))).toEqual(started);
    expect(runActivity(started, at(-5_000))).toEqual(started); // another instance's clock a little behind
  });

  it("moves both once a step has passed", () => {
    const later = at(RUN_ACTIVITY_STEP_MS);
    expect(runActivity(started, later)).toEqual({ last_activity_at: later, expires_at: new Date(later.getTime() + RUN_IDLE_TTL_MS + RUN_ACTIVITY_STEP_MS) });
  });

  it("never expires a run sooner than the idle time after its last command, nor later than a step after that", () => {
    let stored = started;
    let last = at(0);
    for (const gap of [10_000, 59_999, 1, 60_000, 30_000, 45_000, 90_000, 0, 59_000]) {
      last = new Date(last.getTime() + gap);
      stored = runActivity(stored, last);
      expect(isExpired({ status: "active", ...stored }, new Date(last.getTime() + RUN_IDLE_TTL_MS - 1))).toBe(false);
      expect(isExpired({ status: "active", ...stored }, new Date(last.getTime() + RUN_IDLE_TTL_MS + RUN_ACTIVITY_STEP_MS))).toBe(true);
    }
  });
});

describe("newRunRow", () => {
  const made = (over: Partial<Parameters<typeof newRunRow>[0]> = {}) =>
    newRunRow({
      id: "r1", projectId: "p1", externalUserId: "u1", mechanic: "parcel_pilot_v1", gameVersion: 1, level: { id: "parcel-01", version: 2, number: 1 },
      trackVersion: 3, cycleRound: 1, isReplay: false, seed: "ab", state: { score: 0 }, score: 0, startId: null, at: at(0), address: { network: "n", address: null },
      ...over,
    });

  it("names every column a run row is read with, once", () => {
    expect(Object.keys(made()).sort()).toEqual(RUN_COLUMNS.split(",").map((c) => c.trim()).sort());
  });

  it("is an active run of no moves, active now and expiring as a move at its start would leave it", () => {
    expect(made()).toMatchObject({ status: "active", end_reason: null, sequence: 0, ended_at: null, started_at: at(0), last_activity_at: at(0), expires_at: runExpiry(at(0)) });
    expect(made({ startId: "s", address: { network: "n", address: "a" } })).toMatchObject({ start_id: "s", client_ip_hash: "n", client_addr_hash: "a" });
  });
});

describe("runFromJson", () => {
  it("gives a row its times back as Dates (any offset PostgreSQL wrote), and keeps everything else", () => {
    const row = { ...newRunRow({ id: "r1", projectId: "p1", externalUserId: "u1", mechanic: "m", gameVersion: 1, level: { id: "l", version: 1, number: 1 }, trackVersion: 1, cycleRound: 1, isReplay: false, seed: "s", state: { a: [1] }, score: 5, startId: null, at: at(0), address: { network: null, address: null } }), best_score: 7 };
    const json = JSON.parse(JSON.stringify({ ...row, started_at: "2026-11-26T01:00:00.123+01:00" }));
    expect(runFromJson(json)).toEqual({ ...row, started_at: new Date(Date.UTC(2026, 10, 26, 0, 0, 0, 123)) });
    expect(runFromJson({ ...json, ended_at: "2026-11-26T00:00:01.5+00:00" }).ended_at).toEqual(at(1500));
  });
});
