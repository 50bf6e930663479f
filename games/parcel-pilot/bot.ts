import type { TCell, TCommand } from "../types";

/** Parcel Pilot's reference bot: steers by breadth-first search to the nearest drop (or pickup while it has room). */
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

export function suggestParcel(view: Record<string, unknown>): TCommand | null {
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
