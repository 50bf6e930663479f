// Match3 keyboard play and screen-reader announcements. The board is one tab
// stop with a cursor cell: arrows/WASD move it, Enter/Space acts like a tap on
// the cell under it (select, swap with the selected neighbour, deselect), and
// with the cursor on the selected gem an arrow swaps it that way (Shift+arrow
// only moves the cursor). Escape drops the selection. Selections and swaps go
// through the same path as taps and are ignored while the board is busy; only
// the cursor may move meanwhile. The cursor shows only in keyboard mode (a key
// was used, or focus came without a pointer), so touch and mouse look as before.
import { h, num } from "../shared/dom";
import { cellTransform } from "../shared/fit";
import type { Cell, CommandResponse } from "../shared/types";
import { adjacent, type SwapControl } from "./match3-input";

export type KeyHost = {
  size(): { rows: number; cols: number };
  busy(): boolean;
  /** The cell's content: a colour, "blocker", or null/undefined. */
  valueAt(c: Cell): string | null | undefined;
  onActivity(): void;
};

export type Keys = {
  /** Moves the cursor (silently), e.g. to follow a tap. */
  moveTo(c: Cell): void;
  /** Keeps the cursor inside the grid (after a new view). */
  clamp(): void;
  /** Announces the answer to a swap; a refused one brings the cursor back with the gem. */
  response(resp: CommandResponse, swap: { from: Cell; to: Cell } | null): void;
  destroy(): void;
};

const DIRS: Record<string, Cell> = {
  arrowup: { row: -1, col: 0 }, w: { row: -1, col: 0 },
  arrowdown: { row: 1, col: 0 }, s: { row: 1, col: 0 },
  arrowleft: { row: 0, col: -1 }, a: { row: 0, col: -1 },
  arrowright: { row: 0, col: 1 }, d: { row: 0, col: 1 },
};
const REFUSED: Record<string, string> = { no_match: "No match there", blocked: "Blockers can't move", not_adjacent: "Not a neighbour", out_of_bounds: "Edge of the board" };
const same = (a: Cell | null, b: Cell | null) => !!a && !!b && a.row === b.row && a.col === b.col;

/** Makes board a focusable grid widget; taps and keys share ctl's selection. */
export function attachKeys(board: HTMLElement, ctl: SwapControl, host: KeyHost): Keys {
  const { rows, cols } = host.size();
  board.tabIndex = 0;
  board.setAttribute("aria-label", `Game board, ${rows} by ${cols}. Arrow keys move, Enter selects a gem, then an arrow key swaps it. Escape cancels.`);
  let cursor: Cell = { row: Math.max(0, (rows - 1) >> 1), col: Math.max(0, (cols - 1) >> 1) };
  let pointerAt = 0;
  let flip = false;
  const mark = h("div", { class: "m3-cursor", "aria-hidden": "true" });
  const live = h("div", { class: "m3-sr", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  board.append(mark, live);

  const inside = (c: Cell) => {
    const s = host.size();
    return c.row >= 0 && c.col >= 0 && c.row < s.rows && c.col < s.cols;
  };
  const draw = () => {
    mark.dataset.cursor = `${cursor.row},${cursor.col}`;
    mark.style.transform = cellTransform(cursor.row, cursor.col);
  };
  const setKbd = (on: boolean) => board.classList.toggle("m3-kbd", on);

  function announce(msg: string): void {
    // a trailing no-break space toggles so the same message twice is still announced
    flip = !flip;
    live.textContent = flip ? msg : `${msg}\u00a0`;
  }

  function describe(c: Cell): string {
    const v = host.valueAt(c);
    const what = v === "blocker" ? "blocker" : typeof v === "string" ? `${v} gem` : "empty";
    return `${what}, row ${c.row + 1}, column ${c.col + 1}${same(ctl.selected(), c) ? ", selected" : ""}`;
  }

  function arrow(d: Cell, shift: boolean, repeat: boolean): void {
    const sel = ctl.selected();
    const to = { row: cursor.row + d.row, col: cursor.col + d.col };
    if (sel && !shift && same(sel, cursor)) {
      if (repeat || host.busy()) return;
      if (!inside(to)) return announce("Edge of the board");
      cursor = to; // the cursor travels with the gem
      draw();
      ctl.swap(sel, to);
      return;
    }
    if (!inside(to)) return;
    cursor = to;
    draw();
    announce(describe(cursor));
  }

  function act(): void {
    if (host.busy()) return;
    const before = ctl.selected();
    ctl.press(cursor);
    const after = ctl.selected();
    const v = host.valueAt(cursor);
    if (v === "blocker" || typeof v !== "string") announce(v === "blocker" ? "Blockers can't move" : "Empty cell");
    else if (same(after, cursor)) announce(`Selected ${v} gem. Press an arrow key to swap it.`);
    else if (!after && same(before, cursor)) announce("Selection cleared");
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    const t = e.target;
    const fromPage = t === document.body || t === document.documentElement;
    if (t !== board && !fromPage) return;
    const key = e.key.toLowerCase();
    const d = DIRS[key];
    const isAct = key === "enter" || key === " " || key === "spacebar";
    if (key === "escape") {
      if (!ctl.selected()) return;
      e.preventDefault();
      ctl.clearSelection();
      announce("Selection cleared");
      return;
    }
    if (!d && !isAct) return;
    e.preventDefault();
    host.onActivity();
    setKbd(true);
    if (fromPage) {
      // the first key with nothing focused only brings the board and its cursor up
      board.focus({ preventScroll: true });
      announce(describe(cursor));
      return;
    }
    if (d) arrow(d, e.shiftKey, e.repeat);
    else if (!e.repeat) act();
  };
  const onPointer = () => {
    pointerAt = Date.now();
    setKbd(false);
  };
  const onFocus = () => {
    if (Date.now() - pointerAt < 800) return; // focused by a tap or click
    setKbd(true);
    announce(describe(cursor));
  };
  const onBlur = () => setKbd(false);

  document.addEventListener("keydown", onKey);
  board.addEventListener("pointerdown", onPointer);
  board.addEventListener("focus", onFocus);
  board.addEventListener("blur", onBlur);
  draw();

  return {
    moveTo(c) {
      if (!inside(c)) return;
      cursor = { row: c.row, col: c.col };
      draw();
    },
    clamp() {
      const s = host.size();
      cursor = { row: Math.min(Math.max(0, cursor.row), Math.max(0, s.rows - 1)), col: Math.min(Math.max(0, cursor.col), Math.max(0, s.cols - 1)) };
      draw();
    },
    response(resp, swap) {
      if (!resp.accepted) {
        if (swap && same(cursor, swap.to) && adjacent(swap.from, swap.to)) {
          cursor = { ...swap.from };
          draw();
        }
        return announce(REFUSED[resp.rejection_code ?? ""] ?? "Can't swap there");
      }
      const steps = resp.animation_steps ?? [];
      const gained = steps.reduce((n, s) => n + (s.type === "clear" ? num(s.points) : 0), 0);
      const cascade = steps.reduce((m, s) => Math.max(m, num(s.cascade, 1)), 1);
      let msg = `Swapped, +${gained} points`;
      if (cascade > 1) msg += `, cascade ×${cascade}`;
      if (steps.some((s) => s.type === "shuffle")) msg += ". Board shuffled";
      const left = resp.view.moves_left;
      if (typeof left === "number" && !resp.view.finished) msg += `. ${left} ${left === 1 ? "move" : "moves"} left`;
      announce(msg);
    },
    destroy() {
      document.removeEventListener("keydown", onKey);
      board.removeEventListener("pointerdown", onPointer);
      board.removeEventListener("focus", onFocus);
      board.removeEventListener("blur", onBlur);
    },
  };
}
