import type { TCell, TCommand } from "../types";
import { adjacentBlockers, applyGravity, BLOCKER, findMatches, isTile, listValidSwaps, swapCells, type TGrid } from "./board";

/**
 * Gem Match's reference bot: sees only the player's view (the board and the goals' progress),
 * weighs every legal swap by what it clears on the visible board, and breaks ties towards the
 * bottom and, while blockers remain, towards them.
 */
type TViewGoal = { type: string; target: number; progress: number; colour?: string };

function viewGoals(view: Record<string, unknown>): TViewGoal[] {
  return Array.isArray(view.goals) ? (view.goals as TViewGoal[]) : [];
}

function remainingNeeds(goals: TViewGoal[]) {
  const collect: Record<string, number> = {};
  let blockers = 0;
  let score = 0;
  for (const g of goals) {
    const left = Math.max(0, g.target - g.progress);
    if (g.type === "collect" && g.colour) collect[g.colour] = left;
    else if (g.type === "clear_blockers") blockers = left;
    else if (g.type === "score") score = left;
  }
  return { collect, blockers, score };
}

/**
 * Simulates the swap on the visible board. Refilled cells are unknown (null)
 * and never match, so only cascades among already-visible tiles count.
 */
function evaluateSwap(grid: TGrid, a: TCell, b: TCell, needs: ReturnType<typeof remainingNeeds>): number {
  const collect = { ...needs.collect };
  let blockersLeft = needs.blockers;
  let g = swapCells(grid, a, b);
  let value = 0;
  for (let cascade = 1; cascade <= 20; cascade++) {
    const m = findMatches(g);
    if (m.cells.length === 0) break;
    const blockers = adjacentBlockers(g, m.cells);
    const points = (m.cells.length * 10 + blockers.length * 20) * cascade;
    value += (needs.score > 0 ? 1 : 0.25) * (points / 10);
    for (const c of m.cells) {
      const colour = g[c.row]?.[c.col];
      if (isTile(colour) && (collect[colour] ?? 0) > 0) {
        collect[colour] = (collect[colour] ?? 0) - 1;
        value += 4;
      }
      (g[c.row] as (string | null)[])[c.col] = null;
    }
    for (const c of blockers) {
      if (blockersLeft > 0) {
        blockersLeft--;
        value += 8;
      }
      (g[c.row] as (string | null)[])[c.col] = null;
    }
    g = applyGravity(g).grid;
  }
  return value;
}

/** Distance from a swap to the nearest blocker: breaks ties towards blockers while some remain. */
function blockerProximity(grid: TGrid, a: TCell): number {
  let best = Infinity;
  grid.forEach((row, r) =>
    row.forEach((v, c) => {
      if (v === BLOCKER) best = Math.min(best, Math.abs(r - a.row) + Math.abs(c - a.col));
    }),
  );
  return best;
}

export function suggestMatch3(view: Record<string, unknown>): TCommand | null {
  const grid = view.grid as TGrid;
  if (!Array.isArray(grid)) return null;
  const needs = remainingNeeds(viewGoals(view));
  let best: { value: number; from: TCell; to: TCell } | null = null;
  for (const [from, to] of listValidSwaps(grid)) {
    let value = evaluateSwap(grid, from, to, needs);
    // lower matches disturb more of the board above them, so more chance of free cascades
    value += (from.row + to.row) * 0.01;
    if (needs.blockers > 0) value -= Math.min(blockerProximity(grid, from), 10) * 0.05;
    if (!best || value > best.value) best = { value, from, to };
  }
  return best ? { action: "swap", payload: { from: best.from, to: best.to } } : null;
}
