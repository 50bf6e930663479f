import { describe, expect, it } from "vitest";
import { createCursor, seedFrom } from "@/games/rng";
import type { TCell } from "@/games/types";
import { BLOCKER, cellAt, findMatches, hasAnyMatch, hasValidSwap, inBounds, isTile, listValidSwaps, swapCells, type TGrid, type TMatchGroup } from "./board";

/** Whether a swap is allowed at all (both cells are movable tiles). */
const isSwappable = (grid: TGrid, a: TCell, b: TCell) => isTile(cellAt(grid, a.row, a.col)) && isTile(cellAt(grid, b.row, b.col));

/** The definition, by brute force: swap each pair on a copy and scan the whole board. */
function referenceSwaps(grid: TGrid): [TCell, TCell][] {
  const out: [TCell, TCell][] = [];
  for (let r = 0; r < grid.length; r++) {
    for (let c = 0; c < (grid[0]?.length ?? 0); c++) {
      const a = { row: r, col: c };
      for (const b of [{ row: r, col: c + 1 }, { row: r + 1, col: c }]) {
        if (!inBounds(grid, b) || !isSwappable(grid, a, b)) continue;
        if (cellAt(grid, a.row, a.col) === cellAt(grid, b.row, b.col)) continue;
        if (hasAnyMatch(swapCells(grid, a, b))) out.push([a, b]);
      }
    }
  }
  return out;
}

/** The definition of a line, cell by cell: maximal runs of 3+ equal tiles, rows first, then columns. */
function referenceMatches(grid: TGrid): { cells: TCell[]; groups: TMatchGroup[] } {
  const rows = grid.length;
  const cols = grid[0]?.length ?? 0;
  const groups: TMatchGroup[] = [];
  const lines: Array<Array<TCell>> = [
    ...Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => ({ row: r, col: c }))),
    ...Array.from({ length: cols }, (_, c) => Array.from({ length: rows }, (_, r) => ({ row: r, col: c }))),
  ];
  for (const line of lines) {
    let run: TCell[] = [];
    const close = () => {
      if (run.length >= 3) groups.push({ colour: cellAt(grid, run[0]!.row, run[0]!.col) as string, cells: run });
      run = [];
    };
    for (const cell of line) {
      const v = cellAt(grid, cell.row, cell.col);
      if (!isTile(v) || (run.length > 0 && cellAt(grid, run[0]!.row, run[0]!.col) !== v)) close();
      if (isTile(v)) run.push(cell);
    }
    close();
  }
  const seen = new Set(groups.flatMap((g) => g.cells.map((c) => c.row * 1000 + c.col)));
  const cells = [...seen].sort((a, b) => a - b).map((k) => ({ row: Math.floor(k / 1000), col: k % 1000 }));
  return { cells, groups };
}

/** A board from the games' own seeded generator, so a failure names its seed. */
function randomGrid(seed: number): TGrid {
  const rng = createCursor(seedFrom(`board-${seed}`));
  const rows = 4 + rng.int(6);
  const cols = 4 + rng.int(6);
  const colours = ["red", "blue", "green", "yellow", "purple"].slice(0, 3 + rng.int(3));
  return Array.from({ length: rows }, () =>
    Array.from({ length: cols }, () => {
      const x = rng.float();
      return x < 0.06 ? BLOCKER : x < 0.09 ? null : colours[rng.int(colours.length)]!;
    }),
  );
}

describe("lines", () => {
  it("findMatches and hasAnyMatch agree with the cell-by-cell definition on 3 000 boards", () => {
    let withLines = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const grid = randomGrid(seed);
      const expected = referenceMatches(grid);
      expect(findMatches(grid), `seed ${seed}`).toEqual(expected);
      expect(hasAnyMatch(grid), `seed ${seed}`).toBe(expected.groups.length > 0);
      if (expected.groups.length > 0) withLines++;
    }
    expect(withLines).toBeGreaterThan(100);
    expect(withLines).toBeLessThan(3000);
  });
});

describe("valid swaps", () => {
  it("agree with the brute-force definition on 3 000 boards, settled or not, with blockers and holes", () => {
    let settled = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const grid = randomGrid(seed);
      if (!hasAnyMatch(grid)) settled++;
      const expected = referenceSwaps(grid);
      expect(listValidSwaps(grid), `seed ${seed}`).toEqual(expected);
      expect(hasValidSwap(grid), `seed ${seed}`).toBe(expected.length > 0);
    }
    // Both branches were exercised.
    expect(settled).toBeGreaterThan(100);
    expect(settled).toBeLessThan(3000);
  });

  it("finds a line made at either end of the swap, and none across a blocker", () => {
    const grid: TGrid = [
      ["red", "blue", "red", "red"],
      ["blue", "green", "blue", "green"],
      ["green", BLOCKER, "green", "blue"],
    ];
    expect(hasAnyMatch(grid)).toBe(false);
    // red↔blue makes row 0 blue-red-red-red; blue↕green makes row 1 blue-blue-blue; blue↕green in column 2 makes row 1 end green-green-green.
    expect(listValidSwaps(grid)).toEqual([
      [{ row: 0, col: 0 }, { row: 0, col: 1 }],
      [{ row: 0, col: 1 }, { row: 1, col: 1 }],
      [{ row: 1, col: 2 }, { row: 2, col: 2 }],
    ]);
    const dead: TGrid = [
      ["red", "blue", "red"],
      ["blue", BLOCKER, "blue"],
      ["green", "yellow", "green"],
    ];
    expect(hasValidSwap(dead)).toBe(false);
  });
});
