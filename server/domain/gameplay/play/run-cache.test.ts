import { describe, expect, it } from "vitest";
import { cachedRun, runCache, withMove, type TCachedRun } from "./run-cache";
import { RUN_COLUMNS, type TRunRow } from "./run-model";

const ROW: TRunRow = {
  id: "r-1", project_id: "p-1", external_user_id: "u-1", mechanic: "parcel_pilot_v1", game_version: 1, level_id: "parcel-01", level_version: 2,
  level_number: 1, track_version: 3, cycle_round: 1, is_replay: false, seed: "s", state: { n: 0 }, status: "active", end_reason: null, sequence: 4,
  score: 10, start_id: null, started_at: new Date(1_000), last_activity_at: new Date(2_000), expires_at: new Date(3_000), ended_at: null,
  client_ip_hash: "ip", client_addr_hash: null,
};

describe("a cache entry", () => {
  const columns = RUN_COLUMNS.split(",").map((c) => c.trim());

  it("holds every column of the run and nothing else the row brought (a read's stored twin, its checks)", () => {
    const read = { ...ROW, stored: null, erased: false, blocked: false };
    const entry = cachedRun(read, { moves: [], derived: false, before: null });
    expect(Object.keys(entry)).toEqual([...columns, "moves", "derived", "before"]);
    expect(entry).toEqual({ ...ROW, moves: [], derived: false, before: null });
  });

  it("after a move: the move's fields from the move, the rest from the run, in the same order (one shape)", () => {
    const move = { sequence: 5, state: { n: 1 }, score: 20, status: "won" as const, last_activity_at: new Date(4_000), expires_at: new Date(5_000) };
    const entry = cachedRun(ROW, { moves: null, derived: false, before: null }, move);
    expect(entry).toEqual({ ...ROW, ...move, moves: null, derived: false, before: null });
    expect(Object.keys(entry)).toEqual(Object.keys(cachedRun(ROW, { moves: [], derived: false, before: null })));
  });
});

describe("a cached run's state as this process's own", () => {
  it("is its engine's only while every move since the start is known: past the moves kept, it is not", () => {
    expect(cachedRun(ROW, { moves: [], derived: true, before: null }).derived).toBe(true);
    expect(cachedRun(ROW, { moves: null, derived: true, before: null }).derived).toBe(false);
    expect(cachedRun(ROW, { moves: [], derived: false, before: null }).derived).toBe(false);
  });
});

describe("a cached run's moves", () => {
  const move = (i: number) => ({ action: "swap", payload: JSON.stringify({ i }), accepted: true });

  it("adds a move to a new array, leaving the one it was given as it was", () => {
    const before = [move(1)];
    const after = withMove(before, move(2));
    expect(after).toEqual([move(1), move(2)]);
    expect(before).toEqual([move(1)]);
  });

  it("stays unknown once unknown, and stops being kept past 300 moves", () => {
    expect(withMove(null, move(1))).toBeNull();
    let moves: ReturnType<typeof withMove> = [];
    for (let i = 0; i < 300; i++) moves = withMove(moves, move(i));
    expect(moves).toHaveLength(300);
    expect(withMove(moves, move(300))).toBeNull();
  });
});

describe("the run cache's sweep", () => {
  it("forgets runs whose expiry has passed and keeps the others", () => {
    const run = (id: string, expiresAt: number) => ({ id, project_id: "p", external_user_id: "u", status: "active", expires_at: new Date(expiresAt), moves: [] }) as unknown as TCachedRun;
    runCache.put(run("sweep-old", 1_000));
    runCache.put(run("sweep-new", 5_000));
    runCache.sweepExpired(new Date(2_000));
    expect(runCache.has("sweep-old")).toBe(false);
    expect(runCache.has("sweep-new")).toBe(true);
    runCache.drop("sweep-new");
  });
});
