// Pure grid logic for match3, shared by the engine and the bot. A cell is a
// colour id, "blocker", or null (empty; for the bot also "unknown refill").
import type { TCell } from "../types";

export const BLOCKER = "blocker";

export type TCellValue = string | null;
export type TGrid = TCellValue[][];
export type TFallMove = { from: TCell; to: TCell; colour: string };
export type TMatchGroup = { colour: string; cells: TCell[] };

export function isTile(v: TCellValue | undefined): v is string {
  return typeof v === "string" && v !== BLOCKER;
}

export function cellAt(grid: TGrid, row: number, col: number): TCellValue | undefined {
  return grid[row]?.[col];
}

export function cloneGrid(grid: readonly (readonly TCellValue[])[]): TGrid {
  return grid.map((r) => r.slice());
}

export function inBounds(grid: TGrid, c: TCell): boolean {
  return c.row >= 0 && c.row < grid.length && c.col >= 0 && c.col < (grid[0]?.length ?? 0);
}

export function isAdjacent(a: TCell, b: TCell): boolean {
  return Math.abs(a.row - b.row) + Math.abs(a.col - b.col) === 1;
}

function setCell(grid: TGrid, c: TCell, v: TCellValue): void {
  const r = grid[c.row];
  if (r) r[c.col] = v;
}

export function swapCells(grid: TGrid, a: TCell, b: TCell): TGrid {
  const out = cloneGrid(grid);
  const va = cellAt(grid, a.row, a.col) ?? null;
  const vb = cellAt(grid, b.row, b.col) ?? null;
  setCell(out, a, vb);
  setCell(out, b, va);
  return out;
}

/** All runs of 3+ equal tiles, horizontally and vertically. Cells sorted row-major, unique. */
export function findMatches(grid: TGrid): { cells: TCell[]; groups: TMatchGroup[] } {
  const rows = grid.length;
  const cols = grid[0]?.length ?? 0;
  const marked: boolean[][] = grid.map((r) => r.map(() => false));
  const groups: TMatchGroup[] = [];
  const scan = (lineCount: number, lineLen: number, at: (line: number, i: number) => TCell) => {
    for (let line = 0; line < lineCount; line++) {
      let start = 0;
      while (start < lineLen) {
        const s = at(line, start);
        const colour = cellAt(grid, s.row, s.col);
        let end = start + 1;
        if (isTile(colour)) {
          while (end < lineLen) {
            const e = at(line, end);
            if (cellAt(grid, e.row, e.col) !== colour) break;
            end++;
          }
          if (end - start >= 3) {
            const cells: TCell[] = [];
            for (let i = start; i < end; i++) {
              const c = at(line, i);
              cells.push(c);
              const mr = marked[c.row];
              if (mr) mr[c.col] = true;
            }
            groups.push({ colour, cells });
          }
        }
        start = end;
      }
    }
  };
  scan(rows, cols, (r, i) => ({ row: r, col: i }));
  scan(cols, rows, (c, i) => ({ row: i, col: c }));
  const cells: TCell[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) if (marked[r]?.[c]) cells.push({ row: r, col: c });
  }
  return { cells, groups };
}

export function hasAnyMatch(grid: TGrid): boolean {
  return findMatches(grid).groups.length > 0;
}

/** Whether a swap is allowed at all (both cells are movable tiles). */
export function isSwappable(grid: TGrid, a: TCell, b: TCell): boolean {
  return isTile(cellAt(grid, a.row, a.col)) && isTile(cellAt(grid, b.row, b.col));
}

/** Swaps (right and down neighbours only, so each pair once) that create a line. */
export function listValidSwaps(grid: TGrid): [TCell, TCell][] {
  const out: [TCell, TCell][] = [];
  forEachCandidateSwap(grid, (a, b, makesLine) => {
    if (makesLine()) out.push([a, b]);
    return false;
  });
  return out;
}

/** Whether any swap creates a line (stops at the first). */
export function hasValidSwap(grid: TGrid): boolean {
  return forEachCandidateSwap(grid, (_a, _b, makesLine) => makesLine());
}

/**
 * Visits every swap of two different movable tiles (right and down neighbours) with a test for
 * whether it creates a line; stops when `visit` answers true. On a board without a line — the
 * engine's and the filler's case — only lines through the two swapped cells can appear, so the test
 * looks at those two cells' rows and columns without copying the board (the engine asks this after
 * every turn, and a replayed run once per move). On a board that has a line already, it swaps and
 * scans the whole board.
 */
function forEachCandidateSwap(grid: TGrid, visit: (a: TCell, b: TCell, makesLine: () => boolean) => boolean): boolean {
  const rows = grid.length;
  const cols = grid[0]?.length ?? 0;
  const settled = !hasAnyMatch(grid);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const a = { row: r, col: c };
      for (const b of [
        { row: r, col: c + 1 },
        { row: r + 1, col: c },
      ]) {
        if (!inBounds(grid, b) || !isSwappable(grid, a, b)) continue;
        if (cellAt(grid, a.row, a.col) === cellAt(grid, b.row, b.col)) continue;
        const makesLine = settled ? () => lineThrough(grid, a, b, a) || lineThrough(grid, a, b, b) : () => hasAnyMatch(swapCells(grid, a, b));
        if (visit(a, b, makesLine)) return true;
      }
    }
  }
  return false;
}

/** With a and b swapped (not copied), whether `at` lies in a horizontal or vertical run of 3+ equal tiles. */
function lineThrough(grid: TGrid, a: TCell, b: TCell, at: TCell): boolean {
  const view = (row: number, col: number): TCellValue | undefined =>
    row === a.row && col === a.col ? cellAt(grid, b.row, b.col) : row === b.row && col === b.col ? cellAt(grid, a.row, a.col) : cellAt(grid, row, col);
  const colour = view(at.row, at.col);
  if (!isTile(colour)) return false;
  let run = 1;
  for (let c = at.col - 1; view(at.row, c) === colour; c--) run++;
  for (let c = at.col + 1; view(at.row, c) === colour; c++) run++;
  if (run >= 3) return true;
  run = 1;
  for (let r = at.row - 1; view(r, at.col) === colour; r--) run++;
  for (let r = at.row + 1; view(r, at.col) === colour; r++) run++;
  return run >= 3;
}

/** Blockers orthogonally adjacent to any of the given cells (unique, row-major). */
export function adjacentBlockers(grid: TGrid, cells: readonly TCell[]): TCell[] {
  const seen = new Set<string>();
  const out: TCell[] = [];
  for (const c of cells) {
    for (const [dr, dc] of [
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
    ] as const) {
      const n = { row: c.row + dr, col: c.col + dc };
      const key = `${n.row},${n.col}`;
      if (seen.has(key) || cellAt(grid, n.row, n.col) !== BLOCKER) continue;
      seen.add(key);
      out.push(n);
    }
  }
  return out.sort((x, y) => x.row - y.row || x.col - y.col);
}

/**
 * Tiles drop to the lowest free non-blocker cell of their column. Blockers
 * are fixed, tiles pass them by, so a blocker never leaves a permanent hole
 * underneath it. Returns the settled grid, the moves, and the empty cells
 * (top of each column) that need a refill, column by column, top-down.
 */
export function applyGravity(grid: TGrid): { grid: TGrid; moves: TFallMove[]; empties: TCell[] } {
  const out = cloneGrid(grid);
  const moves: TFallMove[] = [];
  const empties: TCell[] = [];
  const rows = grid.length;
  const cols = grid[0]?.length ?? 0;
  for (let c = 0; c < cols; c++) {
    const slots: number[] = [];
    for (let r = rows - 1; r >= 0; r--) if (cellAt(grid, r, c) !== BLOCKER) slots.push(r);
    const tiles: { row: number; colour: string }[] = [];
    for (const r of slots) {
      const v = cellAt(grid, r, c);
      if (isTile(v)) tiles.push({ row: r, colour: v });
    }
    slots.forEach((r, i) => {
      const t = tiles[i];
      setCell(out, { row: r, col: c }, t ? t.colour : null);
      if (t && t.row !== r) moves.push({ from: { row: t.row, col: c }, to: { row: r, col: c }, colour: t.colour });
    });
    const colEmpties: TCell[] = [];
    for (let i = tiles.length; i < slots.length; i++) {
      const r = slots[i];
      if (r !== undefined) colEmpties.push({ row: r, col: c });
    }
    empties.push(...colEmpties.reverse());
  }
  return { grid: out, moves, empties };
}
