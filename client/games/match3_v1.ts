// match3_v1 renderer. Tiles are absolutely positioned by transform (one cell
// = 100% of the tile's own size), so every move is a compositor-only
// translate. The swap is animated optimistically while the command is in
// flight (and swapped back if the server refuses it), which hides latency;
// everything else follows the server's animation_steps, and the final view
// is reconciled into the DOM so the board can never drift from the server.
import { listValidSwaps } from "@/games/match3/board";
import { h, num, svg, useIcon } from "../shared/dom";
import { cellTransform, fitBoard, floatText } from "../shared/fit";
import { BLOCKER_SYMBOL, ensureSprite, gemSymbol } from "../shared/gems";
import { t } from "../shared/i18n";
import { animate, dur, shake, wait } from "../shared/motion";
import type { AnimationStep, Cell, CommandResponse, GameApi, GameModule, GameRenderer, GameRun, GameView } from "../shared/types";
import { adjacent, attachSwapInput } from "./match3-input";
import { attachKeys, gemName, type Keys } from "./match3-keys";

type Grid = (string | null)[][];
type Tile = { el: HTMLElement; value: string };
type Optimistic = { from: Cell; to: Cell; done: Promise<void> };

const BLOCKER = "blocker";
const HINT_AFTER_MS = 7000;
const HAMMER =
  '<rect x="29" y="26" width="7" height="34" rx="3" fill="#8a5a2b"/><rect x="12" y="8" width="40" height="20" rx="5" fill="#6b7a90"/><rect x="12" y="8" width="40" height="7" rx="4" fill="#9aa8bb"/>';
const same = (a: Cell, b: Cell) => a.row === b.row && a.col === b.col;

function readGrid(view: GameView): Grid {
  return Array.isArray(view.grid) ? (view.grid as Grid).map((r) => (Array.isArray(r) ? r.slice() : [])) : [];
}

function create(): GameRenderer {
  let rows = 0;
  let cols = 0;
  let api: GameApi;
  let board: HTMLElement;
  let layer: HTMLElement; // tiles
  let fx: HTMLElement; // floating points, bursts
  let tiles: (Tile | null)[][] = [];
  let grid: Grid = [];
  let optimistic: Optimistic | null = null;
  let hintTimer = 0;
  let unfit = () => {};
  let input: ReturnType<typeof attachSwapInput> | null = null;
  let keys: Keys | null = null;
  let sent: { from: Cell; to: Cell } | null = null; // the swap in flight

  const tileAt = (c: Cell) => tiles[c.row]?.[c.col] ?? null;

  function place(t: Tile, r: number, c: number): void {
    t.el.dataset.row = String(r);
    t.el.dataset.col = String(c);
    t.el.style.transform = cellTransform(r, c);
  }

  function makeTile(value: string, r: number, c: number): Tile {
    const blocker = value === BLOCKER;
    const el = h("div", {
      class: blocker ? "m3-tile m3-blocker" : "m3-tile",
      "data-colour": blocker ? null : value,
      role: "img",
      "aria-label": blocker ? t("match3.tile.blocker") : gemName(value),
    });
    el.appendChild(useIcon(blocker ? BLOCKER_SYMBOL : gemSymbol(value), "m3-gem"));
    const tile = { el, value };
    place(tile, r, c);
    layer.appendChild(el);
    return tile;
  }

  /** Makes the DOM equal to g without animation, keeping matching tiles. */
  function reconcile(g: Grid): void {
    grid = g.map((r) => r.slice());
    const keep = new Set<HTMLElement>();
    const next: (Tile | null)[][] = [];
    for (let r = 0; r < rows; r++) {
      const row: (Tile | null)[] = [];
      for (let c = 0; c < cols; c++) {
        const v = g[r]?.[c] ?? null;
        let t = tileAt({ row: r, col: c });
        if (t && t.value !== v) t = null;
        if (!t && v !== null) t = makeTile(v, r, c);
        if (t) {
          place(t, r, c);
          keep.add(t.el);
        }
        row.push(t);
      }
      next.push(row);
    }
    tiles = next;
    for (const el of Array.from(layer.children)) if (!keep.has(el as HTMLElement)) el.remove();
    keys?.clamp();
  }

  async function swapTiles(a: Cell, b: Cell, ms = 170): Promise<void> {
    const ta = tileAt(a);
    const tb = tileAt(b);
    const rowA = tiles[a.row];
    const rowB = tiles[b.row];
    if (!rowA || !rowB) return;
    rowA[a.col] = tb;
    rowB[b.col] = ta;
    const moves: Promise<void>[] = [];
    for (const [t, from, to] of [[ta, a, b], [tb, b, a]] as const) {
      if (!t) continue;
      place(t, to.row, to.col);
      moves.push(animate(t.el, [{ transform: cellTransform(from.row, from.col) }, { transform: cellTransform(to.row, to.col) }], ms, { easing: "cubic-bezier(.4,0,.2,1)" }));
    }
    await Promise.all(moves);
  }

  const cellsOf = (v: unknown): Cell[] => (Array.isArray(v) ? (v as Cell[]).filter((c) => c && typeof c.row === "number") : []);

  async function popMatch(cells: Cell[]): Promise<void> {
    await Promise.all(
      cells.map((c) => {
        const gem = tileAt(c)?.el.firstElementChild;
        return gem ? animate(gem, [{ transform: "scale(1)" }, { transform: "scale(1.22)" }, { transform: "scale(1.08)" }], 150, { easing: "ease-out" }) : undefined;
      }),
    );
  }

  function burst(c: Cell): void {
    const el = h("div", { class: "m3-burst" });
    el.style.transform = cellTransform(c.row, c.col);
    fx.appendChild(el);
    setTimeout(() => el.remove(), 600);
  }

  async function clearCells(step: AnimationStep): Promise<void> {
    const cells = [...cellsOf(step.cells), ...cellsOf(step.blockers)];
    const cascade = num(step.cascade, 1);
    const anims: Promise<void>[] = [];
    for (const c of cells) {
      const t = tileAt(c);
      if (!t) continue;
      const row = tiles[c.row];
      if (row) row[c.col] = null;
      if (dur(1) > 0) burst(c);
      const gem = t.el.firstElementChild as Element;
      const frames = t.value === BLOCKER ? [{ transform: "scale(1) rotate(0)", opacity: 1 }, { transform: "scale(1.15) rotate(-8deg)", opacity: 1, offset: 0.4 }, { transform: "scale(.2) rotate(20deg)", opacity: 0 }] : [{ transform: "scale(1.08)", opacity: 1 }, { transform: "scale(0)", opacity: 0 }];
      gem.setAttribute("opacity", "0");
      anims.push(animate(gem, frames, 200, { easing: "ease-in" }).then(() => t.el.remove()));
    }
    const points = num(step.points);
    if (points > 0 && cells.length > 0) {
      const r = cells.reduce((s, c) => s + c.row, 0) / cells.length;
      const c = cells.reduce((s, x) => s + x.col, 0) / cells.length;
      floatText(fx, t("match3.float.points", { points }), ((r + 0.5) / rows) * 100, ((c + 0.5) / cols) * 100, cascade > 1 ? "plq-float-big" : "");
      if (cascade > 1) floatText(fx, t("match3.float.cascade", { cascade }), 50, 50, "plq-float-combo");
    }
    await Promise.all(anims);
  }

  const fallMs = (distance: number) => 150 + 55 * Math.sqrt(Math.max(1, distance));

  function drop(t: Tile, fromRow: number, to: Cell): Promise<void> {
    place(t, to.row, to.col);
    const ms = fallMs(to.row - fromRow);
    const gem = t.el.firstElementChild as Element;
    return animate(t.el, [{ transform: cellTransform(fromRow, to.col) }, { transform: cellTransform(to.row, to.col) }], ms, { easing: "cubic-bezier(.55,0,.85,.4)" }).then(() => {
      // the landing squash plays on while the next step starts: it is decoration, not state
      void animate(gem, [{ transform: "scale(1.08,.88) translateY(6%)" }, { transform: "scale(1)" }], 140, { easing: "ease-out" });
    });
  }

  function fall(step: AnimationStep): Promise<void>[] {
    const moves = Array.isArray(step.moves) ? (step.moves as { from: Cell; to: Cell }[]) : [];
    const moved = moves.map((m) => ({ m, t: tileAt(m.from) }));
    for (const { m } of moved) {
      const row = tiles[m.from.row];
      if (row) row[m.from.col] = null;
    }
    return moved.map(({ m, t }) => {
      const row = tiles[m.to.row];
      if (!t || !row) return Promise.resolve();
      row[m.to.col] = t;
      return drop(t, m.from.row, m.to);
    });
  }

  function refill(step: AnimationStep): Promise<void>[] {
    const cells = Array.isArray(step.cells) ? (step.cells as (Cell & { colour: string })[]) : [];
    const perCol: Record<number, number> = {};
    for (const c of cells) perCol[c.col] = (perCol[c.col] ?? 0) + 1;
    return cells.map((c) => {
      const t = makeTile(String(c.colour), c.row, c.col);
      const row = tiles[c.row];
      if (row) row[c.col] = t;
      // new tiles enter from above the board, stacked as many rows up as the column needs
      return drop(t, c.row - (perCol[c.col] ?? 1), c);
    });
  }

  async function shuffleTo(g: Grid): Promise<void> {
    floatText(fx, t("match3.float.shuffle"), 45, 50, "plq-float-combo");
    await animate(layer, [{ opacity: 1, transform: "scale(1)" }, { opacity: 0, transform: "scale(.92)" }], 220);
    reconcile(g);
    await animate(layer, [{ opacity: 0, transform: "scale(.92)" }, { opacity: 1, transform: "scale(1)" }], 260);
  }

  async function runSteps(steps: AnimationStep[]): Promise<void> {
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i] as AnimationStep;
      if (s.type === "swap") {
        const from = s.from as Cell;
        const to = s.to as Cell;
        const pre = optimistic && ((same(optimistic.from, from) && same(optimistic.to, to)) || (same(optimistic.from, to) && same(optimistic.to, from)));
        if (!pre) await swapTiles(from, to);
      } else if (s.type === "match") await popMatch(cellsOf(s.cells));
      else if (s.type === "clear") await clearCells(s);
      else if (s.type === "fall") {
        // fall and the refill of the same cascade run together: the column settles in one motion
        const anims = fall(s);
        const next = steps[i + 1];
        if (next && next.type === "refill") {
          anims.push(...refill(next));
          i++;
        }
        await Promise.all(anims);
      } else if (s.type === "refill") await Promise.all(refill(s));
      else if (s.type === "shuffle") await shuffleTo(readGrid(s));
      else if (s.type === "booster" && s.effect === "hammer") await strike(s.cell as Cell);
    }
  }

  /** The hammer comes down on one cell (the clear step that follows removes the tile). */
  async function strike(c: Cell | undefined): Promise<void> {
    if (!c || typeof c.row !== "number") return;
    const el = h("div", { class: "m3-hammer" }, svg("0 0 64 64", HAMMER));
    el.style.transform = cellTransform(c.row, c.col);
    fx.appendChild(el);
    const head = el.firstElementChild as Element;
    await animate(head, [{ transform: "translate(30%, -60%) rotate(-50deg)", opacity: 0 }, { transform: "translate(10%, -20%) rotate(-35deg)", opacity: 1, offset: 0.5 }, { transform: "translate(0, 0) rotate(10deg)", opacity: 1 }], 260, { easing: "cubic-bezier(.5,0,.9,.5)" });
    const gem = tileAt(c)?.el.firstElementChild;
    if (gem) void shake(gem, 3);
    setTimeout(() => el.remove(), dur(220));
  }

  // ---- aiming a booster at one cell (the hammer)
  let picking: ((c: Cell | null) => void) | null = null;

  function endPick(c: Cell | null): void {
    const done = picking;
    picking = null;
    board?.classList.remove("m3-aiming");
    done?.(c);
  }

  function intercept(c: Cell): boolean {
    if (!picking) return false;
    const v = grid[c.row]?.[c.col];
    if (typeof v !== "string") return true; // an empty cell: keep aiming
    endPick(c);
    return true;
  }

  function setSelected(c: Cell | null): void {
    for (const el of Array.from(layer.querySelectorAll(".m3-selected"))) el.classList.remove("m3-selected");
    if (c) tileAt(c)?.el.classList.add("m3-selected");
  }

  function clearHint(): void {
    clearTimeout(hintTimer);
    for (const el of Array.from(layer.querySelectorAll(".m3-hint"))) el.classList.remove("m3-hint");
  }

  function armHint(): void {
    clearHint();
    hintTimer = window.setTimeout(() => {
      if (api.busy()) return armHint();
      const first = listValidSwaps(grid)[0];
      if (first) for (const c of first) tileAt(c)?.el.classList.add("m3-hint");
    }, HINT_AFTER_MS);
  }

  function trySwap(from: Cell, to: Cell): void {
    clearHint();
    const target = grid[to.row]?.[to.col];
    if (target === undefined) return void armHint(); // swipe off the edge
    if (!api.command("swap", { from, to })) return;
    sent = { from, to };
    const movable = adjacent(from, to) && target !== null && target !== BLOCKER && grid[from.row]?.[from.col] !== BLOCKER;
    optimistic = movable ? { from, to, done: swapTiles(from, to) } : null;
  }

  return {
    mount(container: HTMLElement, run: GameRun, gameApi: GameApi) {
      api = gameApi;
      ensureSprite();
      grid = readGrid(run.view);
      rows = num(run.view.rows, grid.length);
      cols = num(run.view.cols, grid[0]?.length ?? 0);
      const slots = h("div", { class: "m3-slots" });
      slots.style.setProperty("--cols", String(cols));
      slots.style.setProperty("--rows", String(rows));
      layer = h("div", { class: "m3-layer" });
      fx = h("div", { class: "m3-fx" });
      board = h("div", { class: "plq-board m3-board", "data-testid": "board", "data-cols": cols, "data-rows": rows, role: "group", "aria-label": t("match3.board.label") }, slots, layer, fx);
      board.style.setProperty("--cols", String(cols));
      board.style.setProperty("--rows", String(rows));
      const stage = h("div", { class: "plq-stage" }, board);
      container.appendChild(stage);
      unfit = fitBoard(stage, board, cols, rows, { maxCell: 72 });
      reconcile(grid);
      input = attachSwapInput(board, {
        cellOf(target) {
          const el = target instanceof Element ? (target.closest(".m3-tile") as HTMLElement | null) : null;
          return el && el.dataset.row ? { row: Number(el.dataset.row), col: Number(el.dataset.col) } : null;
        },
        isTile: (c) => {
          const v = grid[c.row]?.[c.col];
          return typeof v === "string" && v !== BLOCKER;
        },
        onSelect: (c) => {
          setSelected(c);
          if (c) keys?.moveTo(c); // the keyboard cursor follows taps
        },
        onSwap: trySwap,
        onBlocked: (c) => {
          const t = tileAt(c);
          if (t) void shake(t.el.firstElementChild as Element, 4);
        },
        onActivity: armHint,
        intercept,
      });
      keys = attachKeys(board, input, { size: () => ({ rows, cols }), busy: () => api.busy(), valueAt: (c) => grid[c.row]?.[c.col], onActivity: armHint });
      armHint();
    },

    async applyResponse(resp: CommandResponse) {
      clearHint();
      if (optimistic) await optimistic.done;
      const g = readGrid(resp.view);
      const swap = sent;
      sent = null;
      if (!resp.accepted) {
        if (optimistic) await swapTiles(optimistic.to, optimistic.from, 150);
        const pending = optimistic;
        optimistic = null;
        reconcile(g);
        keys?.response(resp, swap);
        if (pending) await Promise.all([pending.from, pending.to].map((c) => { const t = tileAt(c); return t ? shake(t.el.firstElementChild as Element, 5) : undefined; }));
        armHint();
        return;
      }
      await runSteps(resp.animation_steps ?? []);
      optimistic = null;
      await wait(40);
      reconcile(g);
      keys?.response(resp, swap);
      if (!resp.view.finished) armHint();
    },

    reset(view: GameView) {
      optimistic = null;
      sent = null;
      input?.clearSelection();
      reconcile(readGrid(view));
    },

    pickCell() {
      endPick(null);
      clearHint();
      input?.clearSelection();
      board.classList.add("m3-aiming");
      return new Promise<Cell | null>((resolve) => (picking = resolve));
    },

    cancelPick() {
      endPick(null);
    },

    destroy() {
      endPick(null);
      clearHint();
      input?.destroy();
      keys?.destroy();
      unfit();
      board?.parentElement?.remove();
    },
  };
}

export const match3Game: GameModule = { mechanic: "match3_v1", versions: [1, 1], create };
