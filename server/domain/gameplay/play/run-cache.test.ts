import { describe, expect, it } from "vitest";
import { withMove } from "./run-cache";

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
