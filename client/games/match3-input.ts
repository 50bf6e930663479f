// Match3 input: tap a tile then an adjacent one, or swipe/drag a tile towards
// a neighbour. Pointer events cover mouse, touch and pen in one code path;
// the board has touch-action:none so a swipe never scrolls the page.
import type { Cell } from "../shared/types";

export type SwapInput = {
  /** Cell of the tile under a DOM node, or null. */
  cellOf(target: EventTarget | null): Cell | null;
  isTile(cell: Cell): boolean;
  onSelect(cell: Cell | null): void;
  onSwap(from: Cell, to: Cell): void;
  onBlocked(cell: Cell): void;
  /** Any interaction (used to reset the idle hint timer). */
  onActivity(): void;
  /** True when a tap on this cell was taken by something else (aiming a booster): no selection, no swipe. */
  intercept?(cell: Cell): boolean;
};

export const adjacent = (a: Cell, b: Cell) => Math.abs(a.row - b.row) + Math.abs(a.col - b.col) === 1;

export type SwapControl = {
  selected(): Cell | null;
  clearSelection(): void;
  /** A tap on cell, from another input (the keyboard). */
  press(cell: Cell): void;
  /** A swipe from one cell to another, from another input. */
  swap(from: Cell, to: Cell): void;
  destroy(): void;
};

export function attachSwapInput(board: HTMLElement, h: SwapInput): SwapControl {
  let selected: Cell | null = null;
  let drag: { cell: Cell; x: number; y: number; id: number; used: boolean } | null = null;

  const select = (c: Cell | null) => {
    selected = c;
    h.onSelect(c);
  };

  const tap = (cell: Cell) => {
    if (h.intercept?.(cell)) return;
    if (!h.isTile(cell)) {
      select(null);
      h.onBlocked(cell);
      return;
    }
    if (!selected) return select(cell);
    if (selected.row === cell.row && selected.col === cell.col) return select(null);
    if (adjacent(selected, cell)) {
      const from = selected;
      select(null);
      h.onSwap(from, cell);
      return;
    }
    select(cell);
  };

  const down = (e: PointerEvent) => {
    if (e.button !== undefined && e.button > 0) return;
    const cell = h.cellOf(e.target);
    h.onActivity();
    if (!cell) return;
    if (h.intercept?.(cell)) {
      select(null);
      return;
    }
    drag = { cell, x: e.clientX, y: e.clientY, id: e.pointerId, used: false };
    try {
      board.setPointerCapture(e.pointerId);
    } catch {
      /* capture is a nicety: without it a drag that leaves the board just ends */
    }
  };

  const move = (e: PointerEvent) => {
    if (!drag || drag.used || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    const cellPx = board.clientWidth / Math.max(1, Number(board.dataset.cols) || 8);
    const threshold = Math.max(10, cellPx * 0.3);
    if (Math.abs(dx) < threshold && Math.abs(dy) < threshold) return;
    drag.used = true;
    const horizontal = Math.abs(dx) > Math.abs(dy);
    const to = {
      row: drag.cell.row + (horizontal ? 0 : Math.sign(dy)),
      col: drag.cell.col + (horizontal ? Math.sign(dx) : 0),
    };
    select(null);
    if (!h.isTile(drag.cell)) h.onBlocked(drag.cell);
    else h.onSwap(drag.cell, to);
  };

  const up = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.used) tap(d.cell);
  };

  const cancel = () => (drag = null);

  board.addEventListener("pointerdown", down);
  board.addEventListener("pointermove", move);
  board.addEventListener("pointerup", up);
  board.addEventListener("pointercancel", cancel);
  return {
    selected: () => selected,
    clearSelection: () => select(null),
    press: tap,
    swap(from, to) {
      select(null);
      h.onSwap(from, to);
    },
    destroy() {
      board.removeEventListener("pointerdown", down);
      board.removeEventListener("pointermove", move);
      board.removeEventListener("pointerup", up);
      board.removeEventListener("pointercancel", cancel);
    },
  };
}
