// Reference bots for e2e tests and load benchmarks. They see ONLY what a
// player sees: the view, plus (memory) what the player was shown in reveal
// animation steps. That makes them a fair check that the view is sufficient
// to play, and that levels are winnable without hidden information.
import { BLOCKER, type TGrid, adjacentBlockers, applyGravity, findMatches, isTile, listValidSwaps, swapCells } from "./match3/board";
import type { TAnimationStep, TCell, TCommand } from "./types";
import type { TMechanicId } from "./manifests";

/** What a memory player remembers: card index (as string key) -> face seen. */
export type TMemoryKnowledge = { faces: Record<string, string> };

export function emptyMemoryKnowledge(): TMemoryKnowledge {
  return { faces: {} };
}

/** Returns new knowledge including every face shown by `reveal` steps (and faces visible in a view, if given). */
export function updateMemoryKnowledge(
  knowledge: TMemoryKnowledge,
  steps: readonly TAnimationStep[],
  view?: Record<string, unknown>,
): TMemoryKnowledge {
  const faces = { ...knowledge.faces };
  for (const s of steps) {
    if (s.type === "reveal" && typeof s.index === "number" && typeof s.face === "string") faces[String(s.index)] = s.face;
  }
  for (const c of view ? memoryCards(view) : []) if (c.face !== undefined) faces[String(c.index)] = c.face;
  return { faces };
}

type TViewGoal = { type: string; target: number; progress: number; colour?: string };
type TMemoryCard = { index: number; state: string; face?: string };

function memoryCards(view: Record<string, unknown>): TMemoryCard[] {
  return Array.isArray(view.cards) ? (view.cards as TMemoryCard[]) : [];
}

function viewGoals(view: Record<string, unknown>): TViewGoal[] {
  return Array.isArray(view.goals) ? (view.goals as TViewGoal[]) : [];
}

// ---------------------------------------------------------------- match3

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

function suggestMatch3(view: Record<string, unknown>): TCommand | null {
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

// ---------------------------------------------------------------- memory

function suggestMemory(view: Record<string, unknown>, knowledge: TMemoryKnowledge): TCommand | null {
  const cards = memoryCards(view);
  const known = updateMemoryKnowledge(knowledge, [], view).faces;
  const hidden = cards.filter((c) => c.state === "hidden");
  if (hidden.length === 0) return null;
  const unknown = hidden.filter((c) => known[String(c.index)] === undefined);
  const flip = (index: number): TCommand => ({ action: "flip", payload: { index } });
  const revealed = cards.find((c) => c.state === "revealed");
  if (revealed?.face !== undefined) {
    const partner = hidden.find((c) => known[String(c.index)] === revealed.face);
    if (partner) return flip(partner.index);
    return flip((unknown[0] ?? hidden[0] as TMemoryCard).index);
  }
  const seen = new Map<string, number>();
  for (const c of hidden) {
    const face = known[String(c.index)];
    if (face === undefined) continue;
    if (seen.has(face)) return flip(seen.get(face) as number);
    seen.set(face, c.index);
  }
  return flip((unknown[0] ?? hidden[0] as TMemoryCard).index);
}

// ---------------------------------------------------------------- parcel pilot

type TParcelViewParcel = { id: string; status: string; pickup: TCell; drop: TCell };
const DIRS = [
  ["up", -1, 0],
  ["down", 1, 0],
  ["left", 0, -1],
  ["right", 0, 1],
] as const;

/** BFS from the carrier; returns the first direction towards the nearest target cell. */
function firstStepTowards(grid: string[], from: TCell, targets: TCell[]): string | null {
  const rows = grid.length;
  const cols = grid[0]?.length ?? 0;
  const isTarget = (r: number, c: number) => targets.some((t) => t.row === r && t.col === c);
  const firstDir = new Map<number, string>();
  const startKey = from.row * cols + from.col;
  const queue: number[] = [startKey];
  const visited = new Set<number>([startKey]);
  for (let qi = 0; qi < queue.length; qi++) {
    const key = queue[qi] as number;
    const r = Math.floor(key / cols);
    const c = key % cols;
    if (key !== startKey && isTarget(r, c)) return firstDir.get(key) ?? null;
    for (const [name, dr, dc] of DIRS) {
      const nr = r + dr;
      const nc = c + dc;
      const nk = nr * cols + nc;
      if (nr < 0 || nr >= rows || nc < 0 || nc >= cols || visited.has(nk) || grid[nr]?.[nc] === "#") continue;
      visited.add(nk);
      firstDir.set(nk, key === startKey ? name : (firstDir.get(key) as string));
      queue.push(nk);
    }
  }
  return null;
}

function suggestParcel(view: Record<string, unknown>): TCommand | null {
  const grid = view.grid as string[];
  const carrier = view.carrier as TCell;
  const parcels = (Array.isArray(view.parcels) ? view.parcels : []) as TParcelViewParcel[];
  const capacity = typeof view.capacity === "number" ? view.capacity : 1;
  const carried = parcels.filter((p) => p.status === "carried");
  const targets = carried.map((p) => p.drop);
  if (carried.length < capacity) targets.push(...parcels.filter((p) => p.status === "waiting").map((p) => p.pickup));
  const dir = firstStepTowards(grid, carrier, targets);
  return dir ? { action: "move", payload: { dir } } : null;
}

/**
 * Picks a good next command from the player's view. `memory` is the
 * caller-held knowledge for memory_v1 (see updateMemoryKnowledge).
 * Returns null when the run is finished or no sensible command exists.
 */
export function suggestCommand(
  mechanicId: TMechanicId,
  view: Record<string, unknown>,
  memory?: TMemoryKnowledge,
): TCommand | null {
  if (view.finished === true) return null;
  switch (mechanicId) {
    case "match3_v1":
      return suggestMatch3(view);
    case "memory_v1":
      return suggestMemory(view, memory ?? emptyMemoryKnowledge());
    case "parcel_pilot_v1":
      return suggestParcel(view);
  }
}
