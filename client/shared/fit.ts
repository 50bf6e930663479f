// Board sizing: the largest whole-pixel cell that fits the stage, so tiles
// stay crisp and the board scales from a 360 px phone to a desktop panel.
// Cells are capped so a big desktop window does not get comically large tiles.

export type FitOptions = { maxCell?: number; minCell?: number; /** cell height / width */ aspect?: number };

/** Fits board (cols × rows cells) into stage; re-fits on resize. Returns a disposer. */
export function fitBoard(stage: HTMLElement, board: HTMLElement, cols: number, rows: number, opts: FitOptions = {}): () => void {
  const maxCell = opts.maxCell ?? 76;
  const minCell = opts.minCell ?? 24;
  const aspect = opts.aspect ?? 1;
  // On a game screen, the height the board cannot use (a square board on a tall phone) is split:
  // half above the score bar (`--lift`), half under the board, so the HUD and the board stay
  // together in the middle instead of leaving one empty band at the bottom. The lift shrinks the
  // stage by exactly its own size, so the board is sized from the stage's height plus the lift in
  // force: the same cell every time, and setting the same lift again changes nothing (no loop).
  const screen = stage.closest<HTMLElement>(".plq-game");
  const apply = () => {
    const lifted = screen ? parseFloat(screen.style.getPropertyValue("--lift")) || 0 : 0;
    const w = stage.clientWidth;
    const h = stage.clientHeight + lifted;
    if (w <= 0 || h <= 0) return;
    const cell = Math.max(minCell, Math.min(maxCell, Math.floor(Math.min(w / cols, h / (rows * aspect)))));
    const height = Math.round(cell * aspect) * rows;
    board.style.width = `${cell * cols}px`;
    board.style.height = `${height}px`;
    board.style.setProperty("--cell", `${cell}px`);
    if (screen) {
      const lift = Math.max(0, Math.floor((h - height) / 2));
      if (lift !== lifted) screen.style.setProperty("--lift", `${lift}px`);
    }
  };
  apply();
  if (typeof ResizeObserver === "function") {
    const ro = new ResizeObserver(() => apply());
    ro.observe(stage);
    return () => ro.disconnect();
  }
  window.addEventListener("resize", apply);
  return () => window.removeEventListener("resize", apply);
}

/** "translate(col*100%, row*100%)": positions a one-cell element by its own size. */
export function cellTransform(row: number, col: number, extra = ""): string {
  return `translate(${col * 100}%, ${row * 100}%)${extra ? ` ${extra}` : ""}`;
}

/** A short-lived floating label ("+30") over the board at a cell position. */
export function floatText(layer: HTMLElement, text: string, rowPct: number, colPct: number, cls = ""): void {
  const el = document.createElement("div");
  el.className = `plq-float ${cls}`.trim();
  el.textContent = text;
  el.style.top = `${rowPct}%`;
  el.style.left = `${colPct}%`;
  layer.appendChild(el);
  // the CSS animation drives it; remove afterwards (and also without animations)
  setTimeout(() => el.remove(), 1100);
}
