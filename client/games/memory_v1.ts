// memory_v1 renderer: a grid of cards with a CSS 3D flip. Faces only enter the
// DOM when the server shows them (reveal steps, open cards) and are removed
// again when a card turns back, so the page never holds more than the player
// was shown. A mismatch is animated reveal -> pause -> shake -> hide.
import { h, num, svg } from "../shared/dom";
import { fitBoard, floatText } from "../shared/fit";
import { t } from "../shared/i18n";
import { animate, hold, shake, wait } from "../shared/motion";
import type { AnimationStep, CommandResponse, GameApi, GameModule, GameRenderer, GameRun, GameView } from "../shared/types";
import { faceMarkup, faceName } from "./memory-faces";

type Card = { index: number; state: string; face?: string };
type CardEl = { el: HTMLButtonElement; front: HTMLElement; face: string | null };

const FLIP_MS = 380;
const MISMATCH_PAUSE_MS = 650;
const PEEK_MS = 1600;
const BACK_MARK = '<path d="M32 12l5.5 11.8 12.9 1.6-9.5 8.9 2.5 12.8L32 40.6l-11.4 6.5 2.5-12.8-9.5-8.9 12.9-1.6z" fill="currentColor" opacity=".9"/>';

function readCards(view: GameView): Card[] {
  return Array.isArray(view.cards) ? (view.cards as Card[]).filter((c) => c && typeof c.index === "number") : [];
}

function create(): GameRenderer {
  let api: GameApi;
  let board: HTMLElement;
  let fx: HTMLElement;
  let cards: CardEl[] = [];
  let view: GameView = {};
  let columns = 4;
  let rows = 1;
  let unfit = () => {};

  const label = (i: number, face: string | null, matched: boolean) =>
    face ? t(matched ? "memory.card.matched" : "memory.card.face_up", { number: i + 1, face: faceName(face) }) : t("memory.card.face_down", { number: i + 1 });

  function setFace(c: CardEl, face: string | null): void {
    if (c.face === face) return;
    c.face = face;
    c.front.textContent = "";
    if (face) c.front.appendChild(svg("0 0 64 64", faceMarkup(face), "mem-face"));
  }

  function show(c: CardEl, up: boolean, face: string | null, matched: boolean): void {
    if (up) setFace(c, face);
    c.el.classList.toggle("is-up", up);
    c.el.classList.toggle("is-matched", matched);
    c.el.classList.remove("is-pending");
    c.el.setAttribute("aria-label", label(Number(c.el.dataset.index), up ? face : null, matched));
    c.el.setAttribute("aria-pressed", up ? "true" : "false");
  }

  /** DOM := view (no animation). Faces of hidden cards are dropped after they turned. */
  function reconcile(v: GameView): void {
    view = v;
    for (const card of readCards(v)) {
      const c = cards[card.index];
      if (!c) continue;
      const up = card.state !== "hidden";
      show(c, up, card.face ?? c.face, card.state === "open");
      if (!up) setFace(c, null);
    }
  }

  function cardState(i: number): string {
    return readCards(view).find((c) => c.index === i)?.state ?? "hidden";
  }

  const indices = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === "number") : []);

  async function runSteps(steps: AnimationStep[]): Promise<void> {
    for (const s of steps) {
      if (s.type === "reveal") {
        const c = cards[num(s.index, -1)];
        if (!c) continue;
        show(c, true, typeof s.face === "string" ? s.face : null, false);
        await wait(FLIP_MS);
      } else if (s.type === "match") {
        const pair = indices(s.indices).map((i) => cards[i]).filter((c): c is CardEl => !!c);
        for (const c of pair) show(c, true, c.face, true);
        await Promise.all(pair.map((c) => animate(c.el, [{ transform: "scale(1)" }, { transform: "scale(1.1)" }, { transform: "scale(1)" }], 320, { easing: "ease-out" })));
        const pts = num(s.points);
        const first = pair[0];
        if (pts > 0 && first) {
          const i = Number(first.el.dataset.index);
          floatText(fx, t("memory.float.points", { points: pts }), ((Math.floor(i / columns) + 0.5) / rows) * 100, (((i % columns) + 0.5) / columns) * 100);
        }
      } else if (s.type === "peek") {
        // a paid look: every face-down card turns up for a moment, then back (faces leave the DOM again)
        const peeked = (Array.isArray(s.cards) ? (s.cards as { index: number; face: string }[]) : [])
          .map((p) => ({ c: cards[p.index], face: typeof p.face === "string" ? p.face : null }))
          .filter((p): p is { c: CardEl; face: string } => !!p.c && !!p.face);
        board.classList.add("is-peeking");
        for (const p of peeked) show(p.c, true, p.face, false);
        await wait(FLIP_MS);
        await hold(PEEK_MS); // the look the player paid for: as long with reduced motion
        for (const p of peeked) show(p.c, false, null, false);
        await wait(FLIP_MS);
        for (const p of peeked) setFace(p.c, null);
        board.classList.remove("is-peeking");
      } else if (s.type === "hide") {
        const pair = indices(s.indices).map((i) => cards[i]).filter((c): c is CardEl => !!c);
        await hold(MISMATCH_PAUSE_MS); // the wrong pair stays up long enough to remember
        await Promise.all(pair.map((c) => shake(c.el, 5)));
        for (const c of pair) show(c, false, null, false);
        await wait(FLIP_MS);
        for (const c of pair) setFace(c, null);
      }
    }
  }

  function onClick(e: Event): void {
    const el = e.target instanceof Element ? (e.target.closest(".mem-card") as HTMLElement | null) : null;
    if (!el) return;
    const index = Number(el.dataset.index);
    const c = cards[index];
    if (!c || c.el.classList.contains("is-pending")) return;
    if (cardState(index) !== "hidden") {
      void shake(el, 4);
      return;
    }
    if (api.command("flip", { index }, { queue: true })) c.el.classList.add("is-pending");
  }

  return {
    mount(container: HTMLElement, run: GameRun, gameApi: GameApi) {
      api = gameApi;
      const list = readCards(run.view);
      columns = Math.max(1, num(run.view.columns, 4));
      rows = Math.max(1, num(run.view.rows, Math.ceil(list.length / columns)));
      fx = h("div", { class: "mem-fx" });
      board = h("div", { class: "plq-board mem-board", "data-testid": "board", role: "group", "aria-label": t("memory.board.label") });
      board.style.setProperty("--cols", String(columns));
      board.style.setProperty("--rows", String(rows));
      cards = list.map((card) => {
        const front = h("span", { class: "mem-front" });
        const back = h("span", { class: "mem-back" }, svg("0 0 64 64", BACK_MARK, "mem-mark"));
        const el = h("button", { type: "button", class: "mem-card", "data-index": card.index }, h("span", { class: "mem-inner" }, back, front));
        board.appendChild(el);
        return { el, front, face: null };
      });
      board.appendChild(fx);
      board.addEventListener("click", onClick);
      const stage = h("div", { class: "plq-stage" }, board);
      container.appendChild(stage);
      unfit = fitBoard(stage, board, columns, rows, { maxCell: 120, aspect: 1.25 });
      reconcile(run.view);
    },

    async applyResponse(resp: CommandResponse) {
      if (!resp.accepted) {
        const pending = cards.find((c) => c.el.classList.contains("is-pending"));
        reconcile(resp.view);
        if (pending) await shake(pending.el, 5);
        return;
      }
      await runSteps(resp.animation_steps ?? []);
      reconcile(resp.view);
    },

    reset(v: GameView) {
      reconcile(v);
    },

    destroy() {
      board?.removeEventListener("click", onClick);
      unfit();
      board?.parentElement?.remove();
    },
  };
}

export const memoryGame: GameModule = { mechanic: "memory_v1", versions: [1, 1], create };
