// parcel_pilot_v1 renderer: a city grid (walls are static), parcel pickup and
// drop markers keyed by parcel id, and a van that glides between cells.
// Input: arrow keys / WASD, an on-screen D-pad, and swipes on the board. Moves
// are queued (latest wins) so holding a key keeps the van rolling without
// ever having two commands in flight.
import type { TMessageKey } from "@/i18n/catalogue/en";
import { h, num, svg } from "../shared/dom";
import { cellTransform, fitBoard, floatText } from "../shared/fit";
import { t } from "../shared/i18n";
import { animate, shake } from "../shared/motion";
import { boxArt, houseArt, VAN_ART } from "./parcel-art";
import type { AnimationStep, Cell, CommandResponse, GameApi, GameModule, GameRenderer, GameRun, GameView } from "../shared/types";

type Dir = "up" | "down" | "left" | "right";
type Parcel = { id: string; status: string; pickup: Cell; drop: Cell };

const DELTA: Record<Dir, Cell> = { up: { row: -1, col: 0 }, down: { row: 1, col: 0 }, left: { row: 0, col: -1 }, right: { row: 0, col: 1 } };
const KEYS: Record<string, Dir> = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right", w: "up", s: "down", a: "left", d: "right", W: "up", S: "down", A: "left", D: "right" };
const HUES = [28, 172, 330, 222, 95, 265, 0, 50];
const hueOf = (id: string) => HUES[(id.charCodeAt(0) || 0) % HUES.length] as number;
const isDir = (d: unknown): d is Dir => d === "up" || d === "down" || d === "left" || d === "right";

function readParcels(view: GameView): Parcel[] {
  return Array.isArray(view.parcels) ? (view.parcels as Parcel[]).filter((p) => p && typeof p.id === "string" && p.pickup && p.drop) : [];
}

function create(): GameRenderer {
  let api: GameApi;
  let root: HTMLElement;
  let board: HTMLElement;
  let markers: HTMLElement;
  let fx: HTMLElement;
  let van: HTMLElement;
  let badges: HTMLElement;
  let carrier: Cell = { row: 0, col: 0 };
  let rows = 1;
  let cols = 1;
  let lastDir: Dir = "right";
  let unfit = () => {};
  const pins = new Map<string, HTMLElement>(); // "p:A" pickup box, "d:A" drop marker

  function placeVan(c: Cell): void {
    carrier = { row: c.row, col: c.col };
    van.style.transform = cellTransform(c.row, c.col);
    van.dataset.row = String(c.row);
    van.dataset.col = String(c.col);
  }

  function pin(key: string, cls: string, at: Cell, id: string, content?: SVGSVGElement): HTMLElement {
    let el = pins.get(key);
    if (!el) {
      el = h("div", { class: `pp-pin ${cls}`, "data-parcel": id }, content ?? null, h("span", { class: "pp-letter", translate: "no" }, id));
      el.style.setProperty("--hue", String(hueOf(id)));
      markers.appendChild(el);
      pins.set(key, el);
      void animate(el, [{ transform: `${cellTransform(at.row, at.col)} scale(0)` }, { transform: `${cellTransform(at.row, at.col)} scale(1)` }], 260, { easing: "cubic-bezier(.3,1.5,.6,1)" });
    }
    el.style.transform = cellTransform(at.row, at.col);
    return el;
  }

  /** Markers and carrier := view. Waiting parcels show box + drop; carried ones only their (active) drop. */
  function reconcile(view: GameView): void {
    const c = view.carrier as Cell | undefined;
    if (c && typeof c.row === "number") placeVan(c);
    const parcels = readParcels(view);
    const wanted = new Set<string>();
    badges.textContent = "";
    for (const p of parcels) {
      const carried = p.status === "carried";
      if (!carried) {
        wanted.add(`p:${p.id}`);
        pin(`p:${p.id}`, "pp-pickup", p.pickup, p.id, svg("0 0 64 64", boxArt(hueOf(p.id))));
      } else {
        const b = h("span", { class: "pp-badge", title: t("parcel.parcel.title", { id: p.id }) }, svg("0 0 64 64", boxArt(hueOf(p.id))));
        b.style.setProperty("--hue", String(hueOf(p.id)));
        badges.appendChild(b);
      }
      wanted.add(`d:${p.id}`);
      pin(`d:${p.id}`, "pp-drop", p.drop, p.id, svg("0 0 64 64", houseArt(hueOf(p.id)))).classList.toggle("is-active", carried);
    }
    for (const [key, el] of Array.from(pins)) {
      if (!wanted.has(key)) {
        el.remove();
        pins.delete(key);
      }
    }
    root.setAttribute("aria-label", t("parcel.board.label", { row: carrier.row + 1, col: carrier.col + 1, count: badges.childElementCount }));
  }

  async function runSteps(steps: AnimationStep[]): Promise<void> {
    for (const s of steps) {
      if (s.type === "move") {
        const from = s.from as Cell;
        const to = s.to as Cell;
        if (isDir(s.dir)) van.dataset.dir = s.dir;
        placeVan(to);
        await animate(van, [{ transform: cellTransform(from.row, from.col) }, { transform: cellTransform(to.row, to.col) }], 150, { easing: "cubic-bezier(.3,.1,.3,1)" });
      } else if (s.type === "pickup") {
        const el = pins.get(`p:${String(s.parcel)}`);
        if (el) {
          pins.delete(`p:${String(s.parcel)}`);
          const t = el.style.transform;
          el.style.opacity = "0";
          await animate(el, [{ transform: `${t} scale(1)`, opacity: 1 }, { transform: `${t} translateY(-45%) scale(1.1)`, opacity: 1, offset: 0.45 }, { transform: `${t} scale(.3)`, opacity: 0 }], 300);
          el.remove();
        }
        void animate(van, [{ transform: `${cellTransform(carrier.row, carrier.col)} scale(1)` }, { transform: `${cellTransform(carrier.row, carrier.col)} scale(1.12)` }, { transform: `${cellTransform(carrier.row, carrier.col)} scale(1)` }], 220);
      } else if (s.type === "deliver") {
        const el = pins.get(`d:${String(s.parcel)}`);
        const at = (s.at as Cell | undefined) ?? carrier;
        if (el) {
          el.classList.add("is-done");
          await animate(el, [{ transform: `${cellTransform(at.row, at.col)} scale(1)`, opacity: 1 }, { transform: `${cellTransform(at.row, at.col)} scale(1.6)`, opacity: 0 }], 360, { easing: "ease-out" });
          el.remove();
          pins.delete(`d:${String(s.parcel)}`);
        }
        const pts = num(s.points);
        if (pts > 0) floatText(fx, t("parcel.float.points", { points: pts }), ((at.row + 0.2) / rows) * 100, ((at.col + 0.5) / cols) * 100, "plq-float-big");
      } else if (s.type === "booster" && s.effect === "extra_fuel") {
        floatText(fx, t("parcel.float.fuel", { amount: num(s.amount, 5) }), 45, 50, "plq-float-combo");
        const at = cellTransform(carrier.row, carrier.col);
        await animate(van, [{ transform: `${at} scale(1)` }, { transform: `${at} scale(1.18)` }, { transform: `${at} scale(1)` }], 360, { easing: "ease-out" });
      } else if (s.type === "parcel_appear") {
        const id = String(s.parcel);
        if (s.pickup) pin(`p:${id}`, "pp-pickup", s.pickup as Cell, id, svg("0 0 64 64", boxArt(hueOf(id))));
        if (s.drop) pin(`d:${id}`, "pp-drop", s.drop as Cell, id, svg("0 0 64 64", houseArt(hueOf(id))));
      }
    }
  }

  function bump(dir: Dir): Promise<void> {
    const d = DELTA[dir];
    const base = cellTransform(carrier.row, carrier.col);
    // a short nudge towards the wall and back: "can't go there" without a dialog
    return animate(van, [{ transform: base }, { transform: `${base} translate(${d.col * 22}%, ${d.row * 22}%)` }, { transform: base }], 220, { easing: "ease-out" });
  }

  function send(dir: Dir): void {
    lastDir = dir;
    api.command("move", { dir }, { queue: true });
  }

  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA")) return;
    const dir = KEYS[e.key];
    if (!dir) return;
    e.preventDefault();
    send(dir);
  };

  let swipe: { x: number; y: number; id: number } | null = null;
  const onDown = (e: PointerEvent) => (swipe = { x: e.clientX, y: e.clientY, id: e.pointerId });
  const onUp = (e: PointerEvent) => {
    if (!swipe || swipe.id !== e.pointerId) return;
    const dx = e.clientX - swipe.x;
    const dy = e.clientY - swipe.y;
    swipe = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return;
    send(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : dy > 0 ? "down" : "up");
  };

  function dpad(): HTMLElement {
    const arrow = '<path d="M32 14L52 40H12z" fill="currentColor"/>';
    const btn = (dir: Dir, label: TMessageKey) =>
      h("button", { type: "button", class: `pp-dpad-btn pp-${dir}`, "data-testid": `dpad-${dir}`, "aria-label": t(label), onclick: () => send(dir) }, svg("0 0 64 64", arrow));
    return h("div", { class: "pp-dpad", role: "group", "aria-label": t("parcel.dpad.label") }, btn("up", "parcel.dpad.up"), btn("left", "parcel.dpad.left"), btn("right", "parcel.dpad.right"), btn("down", "parcel.dpad.down"));
  }

  return {
    mount(container: HTMLElement, run: GameRun, gameApi: GameApi) {
      api = gameApi;
      const v = run.view;
      const gridRows = Array.isArray(v.grid) ? (v.grid as string[]) : [];
      rows = Math.max(1, num(v.rows, gridRows.length));
      cols = Math.max(1, num(v.cols, gridRows[0]?.length ?? 1));
      const ground = h("div", { class: "pp-ground" });
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const wall = gridRows[r]?.[c] === "#";
          // roads are asphalt; blocks are little city buildings (three roof colours) or trees
          ground.appendChild(h("div", { class: wall ? `pp-wall pp-block-${(r * 7 + c * 3) % 4}` : "pp-floor" }));
        }
      }
      markers = h("div", { class: "pp-markers" });
      badges = h("div", { class: "pp-badges" });
      van = h("div", { class: "pp-van", "data-testid": "carrier", "data-dir": "right" }, svg("0 0 64 64", VAN_ART, "pp-van-icon"), badges);
      fx = h("div", { class: "pp-fx" });
      board = h("div", { class: "plq-board pp-board", "data-testid": "board", tabindex: "0" }, ground, markers, van, fx);
      board.style.setProperty("--cols", String(cols));
      board.style.setProperty("--rows", String(rows));
      const stage = h("div", { class: "plq-stage" }, board);
      root = h("div", { class: "pp-wrap", role: "group" }, stage, dpad());
      container.appendChild(root);
      unfit = fitBoard(stage, board, cols, rows, { maxCell: 64, minCell: 20 });
      reconcile(v);
      window.addEventListener("keydown", onKey);
      board.addEventListener("pointerdown", onDown);
      board.addEventListener("pointerup", onUp);
    },

    async applyResponse(resp: CommandResponse) {
      if (!resp.accepted) {
        reconcile(resp.view);
        await Promise.all([bump(lastDir), resp.rejection_code === "blocked" || resp.rejection_code === "out_of_bounds" ? shake(board, 3) : undefined]);
        return;
      }
      await runSteps(resp.animation_steps ?? []);
      reconcile(resp.view);
    },

    reset(view: GameView) {
      reconcile(view);
    },

    destroy() {
      window.removeEventListener("keydown", onKey);
      unfit();
      root?.remove();
    },
  };
}

export const parcelPilotGame: GameModule = { mechanic: "parcel_pilot_v1", versions: [1, 1], create };
