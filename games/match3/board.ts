// Pure grid logic for match3, shared by the engine and the bot. A cell is a
// colour id, "blocker", or null (empty; for the bot also "unknown refill").
import type { TCell } from "@/games/types";

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

/**
 * All runs of 3+ equal tiles, horizontally (row by row) then vertically (column by column). Cells
 * sorted row-major, unique. Indexes only, no closure or cell object per look: the engine asks
 * this after every turn and a claim's replay once per move of the run.
 */
export function findMatches(grid: TGrid): { cells: TCell[]; groups: TMatchGroup[] } {
  const rows = grid.length;
  const cols = grid[0]?.length ?? 0;
  const groups: TMatchGroup[] = [];
  const marked = new Uint8Array(rows * cols);
  scanLines(grid, rows, cols, true, groups, marked);
  scanLines(grid, rows, cols, false, groups, marked);
  const cells: TCell[] = [];
  if (groups.length > 0) {
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) if (marked[r * cols + c]) cells.push({ row: r, col: c });
    }
  }
  return { cells, groups };
}

const NO_ROW: readonly TCellValue[] = [];

/**
 * findMatches' scan of every row (`across`) or every column: its runs of 3+ go to `groups`, their
 * cells into `marked`. Rows are read directly (a missing row reads as empty, as cellAt does): this
 * loop runs for every cascade of every move, and of every move again in a claim's replay.
 */
function scanLines(grid: TGrid, rows: number, cols: number, across: boolean, groups: TMatchGroup[], marked: Uint8Array): void {
  if (across) {
    for (let r = 0; r < rows; r++) {
      const row = grid[r] ?? NO_ROW;
      let start = 0;
      while (start < cols) {
        const colour = row[start];
        let end = start + 1;
        if (isTile(colour)) {
          while (end < cols && row[end] === colour) end++;
          if (end - start >= 3) addRun(groups, marked, cols, colour, r, start, end, true);
        }
        start = end;
      }
    }
    return;
  }
  for (let c = 0; c < cols; c++) {
    let start = 0;
    while (start < rows) {
      const colour = (grid[start] ?? NO_ROW)[c];
      let end = start + 1;
      if (isTile(colour)) {
        while (end < rows && (grid[end] ?? NO_ROW)[c] === colour) end++;
        if (end - start >= 3) addRun(groups, marked, cols, colour, c, start, end, false);
      }
      start = end;
    }
  }
}

/** A run of `line` (a row when `across`, else a column) from `start` to `end` (exclusive): a group, its cells marked. */
function addRun(groups: TMatchGroup[], marked: Uint8Array, cols: number, colour: string, line: number, start: number, end: number, across: boolean): void {
  const cells: TCell[] = [];
  for (let i = start; i < end; i++) {
    const cell = across ? { row: line, col: i } : { row: i, col: line };
    cells.push(cell);
    marked[cell.row * cols + cell.col] = 1;
  }
  groups.push({ colour, cells });
}

/** Whether the board has a run of 3+ equal tiles anywhere (findMatches without building it). */
export function hasAnyMatch(grid: TGrid): boolean {
  const rows = grid.length;
  const cols = grid[0]?.length ?? 0;
  for (let r = 0; r < rows; r++) {
    const row = grid[r] ?? NO_ROW;
    for (let c = 0; c + 2 < cols; c++) {
      const colour = row[c];
      if (isTile(colour) && row[c + 1] === colour && row[c + 2] === colour) return true;
    }
  }
  for (let r = 0; r + 2 < rows; r++) {
    const a = grid[r] ?? NO_ROW;
    const b = grid[r + 1] ?? NO_ROW;
    const d = grid[r + 2] ?? NO_ROW;
    for (let c = 0; c < cols; c++) {
      const colour = a[c];
      if (isTile(colour) && b[c] === colour && d[c] === colour) return true;
    }
  }
  return false;
}

/** Swaps (right and down neighbours only, so each pair once) that create a line. */
export function listValidSwaps(grid: TGrid): [TCell, TCell][] {
  return validSwaps(grid, false);
}

/** Whether any swap creates a line (stops at the first). */
export function hasValidSwap(grid: TGrid): boolean {
  return validSwaps(grid, true).length > 0;
}

function validSwaps(grid: TGrid, firstOnly: boolean): [TCell, TCell][] {
  const out: [TCell, TCell][] = [];
  const settled = !hasAnyMatch(grid);
  const rows = grid.length;
  const cols = grid[0]?.length ?? 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      for (let down = 0; down < 2; down++) {
        const br = r + down;
        const bc = c + 1 - down;
        if (!swapMakesLine(grid, settled, r, c, br, bc)) continue;
        out.push([{ row: r, col: c }, { row: br, col: bc }]);
        if (firstOnly) return out;
      }
    }
  }
  return out;
}

/**
 * Whether swapping two cells — both movable tiles, of different colours, b in bounds — creates a
 * line. On a board without a line (`settled`: the engine's and the filler's case) only lines
 * through the two swapped cells can appear, so it looks at those two cells' rows and columns
 * without copying the board (the engine asks after every turn, and a replayed run once per move).
 * On a board that has a line already, it swaps a copy and scans all of it.
 */
function swapMakesLine(grid: TGrid, settled: boolean, ar: number, ac: number, br: number, bc: number): boolean {
  if (br >= grid.length || bc >= (grid[0]?.length ?? 0)) return false;
  const va = cellAt(grid, ar, ac);
  const vb = cellAt(grid, br, bc);
  if (!isTile(va) || !isTile(vb) || va === vb) return false;
  if (!settled) return hasAnyMatch(swapCells(grid, { row: ar, col: ac }, { row: br, col: bc }));
  return lineThrough(grid, ar, ac, br, bc, ar, ac) || lineThrough(grid, ar, ac, br, bc, br, bc);
}

/** A cell's value with a and b swapped (the board is not copied). */
function swappedAt(grid: TGrid, ar: number, ac: number, br: number, bc: number, row: number, col: number): TCellValue | undefined {
  if (row === ar && col === ac) return cellAt(grid, br, bc);
  if (row === br && col === bc) return cellAt(grid, ar, ac);
  return cellAt(grid, row, col);
}

/** With a and b swapped, whether (row, col) lies in a horizontal or vertical run of 3+ equal tiles. */
function lineThrough(grid: TGrid, ar: number, ac: number, br: number, bc: number, row: number, col: number): boolean {
  const colour = swappedAt(grid, ar, ac, br, bc, row, col);
  if (!isTile(colour)) return false;
  let run = 1;
  for (let c = col - 1; swappedAt(grid, ar, ac, br, bc, row, c) === colour; c--) run++;
  for (let c = col + 1; swappedAt(grid, ar, ac, br, bc, row, c) === colour; c++) run++;
  if (run >= 3) return true;
  run = 1;
  for (let r = row - 1; swappedAt(grid, ar, ac, br, bc, r, col) === colour; r--) run++;
  for (let r = row + 1; swappedAt(grid, ar, ac, br, bc, r, col) === colour; r++) run++;
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
      if (cellAt(grid, c.row + dr, c.col + dc) !== BLOCKER) continue;
      const n = { row: c.row + dr, col: c.col + dc };
      const key = `${n.row},${n.col}`;
      if (seen.has(key)) continue;
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
  // Per column, bottom-up: the cells a tile may rest in (not blockers), and the tiles in them.
  const slots = new Int32Array(rows);
  const tileRows = new Int32Array(rows);
  const tileColours: string[] = new Array<string>(rows);
  for (let c = 0; c < cols; c++) {
    let nSlots = 0;
    let nTiles = 0;
    for (let r = rows - 1; r >= 0; r--) {
      const v = (grid[r] ?? NO_ROW)[c];
      if (v === BLOCKER) continue;
      slots[nSlots++] = r;
      if (isTile(v)) {
        tileRows[nTiles] = r;
        tileColours[nTiles++] = v;
      }
    }
    for (let i = 0; i < nSlots; i++) {
      const r = slots[i]!;
      const colour = i < nTiles ? tileColours[i]! : null;
      const target = out[r];
      if (target) target[c] = colour;
      if (colour !== null && tileRows[i] !== r) moves.push({ from: { row: tileRows[i]!, col: c }, to: { row: r, col: c }, colour });
    }
    // the refill's cells of this column, top-down
    for (let i = nSlots - 1; i >= nTiles; i--) empties.push({ row: slots[i]!, col: c });
  }
  return { grid: out, moves, empties };
}
