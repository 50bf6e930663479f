// Board generation and reshuffling. Both must produce a "resting" board: no
// ready-made lines and at least one valid swap, drawing only from the seeded
// cursor so the result is reproducible.
import type { TRngCursor } from "@/games/rng";
import { BLOCKER, type TGrid, cellAt, cloneGrid, hasAnyMatch, hasValidSwap, isTile } from "./board";

function wouldLine(grid: TGrid, row: number, col: number, colour: string): boolean {
  const left = cellAt(grid, row, col - 1) === colour && cellAt(grid, row, col - 2) === colour;
  const up = cellAt(grid, row - 1, col) === colour && cellAt(grid, row - 2, col) === colour;
  return left || up;
}

/**
 * Fills every non-blocker cell row-major, never placing a colour that would
 * complete a line with the two cells to its left or above (the only cells
 * already filled), so the result has no lines by construction.
 */
export function generateFill(template: TGrid, colours: readonly string[], cursor: TRngCursor): string[][] {
  for (let attempt = 0; attempt < 500; attempt++) {
    const grid = template.map((r) => r.map((v) => (v === BLOCKER ? BLOCKER : null))) as TGrid;
    for (let r = 0; r < grid.length; r++) {
      const row = grid[r] ?? [];
      for (let c = 0; c < row.length; c++) {
        if (row[c] === BLOCKER) continue;
        const allowed = colours.filter((col) => !wouldLine(grid, r, c, col));
        // with >= 3 colours at most two are excluded, so allowed is never empty
        row[c] = allowed[cursor.int(allowed.length)] ?? colours[0] ?? null;
      }
    }
    if (!hasAnyMatch(grid) && hasValidSwap(grid)) return grid as string[][];
  }
  throw new Error("match3: level layout cannot produce a playable board");
}

/**
 * Permutes the existing tiles over the non-blocker cells (so colour counts,
 * and therefore collect goals, are not gamed by a shuffle). Falls back to a
 * fresh fill if no permutation attempt rests properly.
 */
export function reshuffle(grid: TGrid, colours: readonly string[], cursor: TRngCursor): string[][] {
  const slots: { row: number; col: number }[] = [];
  const tiles: string[] = [];
  grid.forEach((row, r) =>
    row.forEach((v, c) => {
      if (v === BLOCKER) return;
      slots.push({ row: r, col: c });
      tiles.push(isTile(v) ? v : (colours[cursor.int(colours.length)] ?? ""));
    }),
  );
  for (let attempt = 0; attempt < 60; attempt++) {
    const perm = cursor.shuffle(tiles);
    const out = cloneGrid(grid);
    slots.forEach((s, i) => {
      const row = out[s.row];
      if (row) row[s.col] = perm[i] ?? null;
    });
    if (!hasAnyMatch(out) && hasValidSwap(out)) return out as string[][];
  }
  return generateFill(grid, colours, cursor);
}
