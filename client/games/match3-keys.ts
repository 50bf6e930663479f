// Match3 keyboard play and screen-reader announcements. The board is one tab
// stop with a cursor cell: arrows/WASD move it, Enter/Space acts like a tap on
// the cell under it (select, swap with the selected neighbour, deselect), and
// with the cursor on the selected gem an arrow swaps it that way (Shift+arrow
// only moves the cursor). Escape drops the selection. Selections and swaps go
// through the same path as taps and are ignored while the board is busy; only
// the cursor may move meanwhile. The cursor shows only in keyboard mode (a key
// was used, or focus came without a pointer), so touch and mouse look as before.
import type { TMessageKey } from "@/i18n/catalogue/en";
import { h, num } from "../shared/dom";
import { cellTransform } from "../shared/fit";
import { t } from "../shared/i18n";
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
const REFUSED: Record<string, TMessageKey> = { no_match: "match3.sr.refused.no_match", blocked: "match3.sr.blockers_cant_move", not_adjacent: "match3.sr.refused.not_adjacent", out_of_bounds: "match3.sr.edge" };
/** The engine's gem colours (games/match3/levels.ts), each with its name. */
const GEMS: Record<string, TMessageKey> = {
  red: "match3.gem.red",
  blue: "match3.gem.blue",
  green: "match3.gem.green",
  yellow: "match3.gem.yellow",
  purple: "match3.gem.purple",
  orange: "match3.gem.orange",
};
/** The announcement of an accepted swap, by what followed it: [cascade][shuffled][moves left shown]. */
const SWAPPED: Record<string, TMessageKey> = {
  "000": "match3.sr.swapped",
  "001": "match3.sr.swapped_moves",
  "100": "match3.sr.swapped_cascade",
  "101": "match3.sr.swapped_cascade_moves",
  "010": "match3.sr.swapped_shuffled",
  "011": "match3.sr.swapped_shuffled_moves",
  "110": "match3.sr.swapped_cascade_shuffled",
  "111": "match3.sr.swapped_cascade_shuffled_moves",
};
const same = (a: Cell | null, b: Cell | null) => !!a && !!b && a.row === b.row && a.col === b.col;

/** A gem's name in the current language ("red gem"); a colour without a word of its own is named by its id. */
export function gemName(colour: string): string {
  const key = GEMS[colour];
  return key ? t(key) : t("match3.gem.named_colour", { colour });
}

/** Makes board a focusable grid widget; taps and keys share ctl's selection. */
export function attachKeys(board: HTMLElement, ctl: SwapControl, host: KeyHost): Keys {
  const { rows, cols } = host.size();
  board.tabIndex = 0;
  board.setAttribute("aria-label", t("match3.board.keyboard_label", { rows, cols }));
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
    const at = { row: c.row + 1, col: c.col + 1 };
    if (v === "blocker") return t("match3.sr.cell_blocker", at);
    if (typeof v !== "string") return t("match3.sr.cell_empty", at);
    return t(same(ctl.selected(), c) ? "match3.sr.cell_gem_selected" : "match3.sr.cell_gem", { ...at, gem: gemName(v) });
  }

  function arrow(d: Cell, shift: boolean, repeat: boolean): void {
    const sel = ctl.selected();
    const to = { row: cursor.row + d.row, col: cursor.col + d.col };
    if (sel && !shift && same(sel, cursor)) {
      if (repeat || host.busy()) return;
      if (!inside(to)) return announce(t("match3.sr.edge"));
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
    if (v === "blocker" || typeof v !== "string") announce(t(v === "blocker" ? "match3.sr.blockers_cant_move" : "match3.sr.empty_cell"));
    else if (same(after, cursor)) announce(t("match3.sr.selected", { gem: gemName(v) }));
    else if (!after && same(before, cursor)) announce(t("match3.sr.selection_cleared"));
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    const target = e.target;
    const fromPage = target === document.body || target === document.documentElement;
    if (target !== board && !fromPage) return;
    const key = e.key.toLowerCase();
    const d = DIRS[key];
    const isAct = key === "enter" || key === " " || key === "spacebar";
    if (key === "escape") {
      if (!ctl.selected()) return;
      e.preventDefault();
      ctl.clearSelection();
      announce(t("match3.sr.selection_cleared"));
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
        return announce(t(REFUSED[resp.rejection_code ?? ""] ?? "match3.sr.refused.other"));
      }
      const steps = resp.animation_steps ?? [];
      const gained = steps.reduce((n, s) => n + (s.type === "clear" ? num(s.points) : 0), 0);
      const cascade = steps.reduce((m, s) => Math.max(m, num(s.cascade, 1)), 1);
      const shuffled = steps.some((s) => s.type === "shuffle");
      const left = resp.view.moves_left;
      const moves = typeof left === "number" && !resp.view.finished ? left : null;
      const key = SWAPPED[`${cascade > 1 ? 1 : 0}${shuffled ? 1 : 0}${moves !== null ? 1 : 0}`] ?? "match3.sr.swapped";
      announce(t(key, { points: gained, cascade, moves: moves ?? 0 }));
    },
    destroy() {
      document.removeEventListener("keydown", onKey);
      board.removeEventListener("pointerdown", onPointer);
      board.removeEventListener("focus", onFocus);
      board.removeEventListener("blur", onBlur);
    },
  };
}
