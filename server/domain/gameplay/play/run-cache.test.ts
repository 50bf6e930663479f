import { describe, expect, it } from "vitest";
import { runCache, withMove, type TCachedRun } from "./run-cache";

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
