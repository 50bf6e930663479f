// In-game header: back, level, animated score, goal chips with progress and
// the limits that count down (moves, fuel, mistakes, flips). Values update
// as soon as the server answers; the score counts up while tiles animate.
import type { TMessageKey } from "@/i18n/catalogue/en";
import { formatNumber, h, num, svg } from "../shared/dom";
import { t } from "../shared/i18n";
import { countTo } from "../shared/motion";
import type { GameRun, GameView, ViewGoal } from "../shared/types";
import { goalIcon, goalText } from "./format";
import { soundToggle } from "./sound";

const COUNTERS: [key: string, label: TMessageKey, limitKey: string | null][] = [
  ["moves_left", "hud.counter.moves", "moves_limit"],
  ["fuel_left", "hud.counter.fuel", "fuel_limit"],
  ["mistakes_left", "hud.counter.mistakes", null],
  ["flips_left", "hud.counter.flips", null],
];

export type Hud = { el: HTMLElement; update(view: GameView): void; destroy(): void };

export function createHud(run: GameRun, title: string, onBack: () => void): Hud {
  const score = h("strong", { class: "plq-score-value", "data-testid": "score" }, "0");
  const goals = h("ul", { class: "plq-hud-goals", "aria-label": t("hud.goals_label") });
  const counters = h("div", { class: "plq-hud-counters" });
  const back = h(
    "button",
    { type: "button", class: "plq-icon-btn", "aria-label": t("hud.back"), "data-testid": "back-button", onclick: onBack },
    svg("0 0 24 24", '<path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>'),
  );
  const sound = soundToggle();
  const el = h(
    "header",
    { class: "plq-hud" },
    h(
      "div",
      { class: "plq-hud-top" },
      back,
      h("div", { class: "plq-hud-title" }, h("span", { class: "plq-hud-game" }, title), h("span", { class: "plq-hud-level" }, t("hud.level", { level: run.level.number }))),
      sound.el,
      h("div", { class: "plq-hud-score" }, h("span", null, t("hud.score")), score),
    ),
    h("div", { class: "plq-hud-bottom" }, goals, counters),
  );

  let shownScore = 0;
  const chips: { el: HTMLElement; value: HTMLElement; bar: HTMLElement }[] = [];
  const counterEls: Record<string, HTMLElement> = {};

  function setChip(chip: (typeof chips)[number], g: ViewGoal, progressValue: number): void {
    const target = Math.max(1, num(g.target, 1));
    const progress = Math.min(progressValue, target);
    chip.value.textContent = `${formatNumber(progress)}/${formatNumber(target)}`;
    chip.bar.style.transform = `scaleX(${progress / target})`;
    chip.el.classList.toggle("is-met", progress >= target);
    chip.el.setAttribute("aria-label", t("hud.goal_progress", { goal: goalText(g), progress: Math.round(progress), target: Math.round(target) }));
  }

  function update(view: GameView): void {
    const s = num(view.score);
    const list: ViewGoal[] = Array.isArray(view.goals) ? view.goals : [];
    // a score goal follows the very value the score counter shows, frame by frame: they always agree
    const scoreChips = () => list.flatMap((g, i) => (g.type === "score" && chips[i] ? [[chips[i], g] as const] : []));
    countTo(score, shownScore, s, 700, formatNumber, (value) => {
      for (const [chip, g] of scoreChips()) setChip(chip, g, value);
    });
    const box = score.parentElement;
    if (s > shownScore && box) {
      // restart the CSS bump animation: remove, force a style flush, add again
      box.classList.remove("plq-bump");
      void box.offsetWidth;
      box.classList.add("plq-bump");
    }
    shownScore = s;

    list.forEach((g, i) => {
      let chip = chips[i];
      if (!chip) {
        const value = h("span", { class: "plq-chip-value" });
        const bar = h("span", { class: "plq-chip-fill" });
        const cEl = h("li", { class: "plq-chip", title: goalText(g) }, goalIcon(g), value, h("span", { class: "plq-chip-bar" }, bar));
        goals.appendChild(cEl);
        chip = { el: cEl, value, bar };
        chips[i] = chip;
      }
      chip.el.dataset.goal = g.type;
      // a new score chip starts at the score shown now; the count above moves it on
      if (g.type === "score") {
        if (!chip.value.textContent) setChip(chip, g, Number(score.textContent?.replace(/\D/g, "") || 0));
      } else setChip(chip, g, num(g.progress));
    });

    for (const [key, label, limitKey] of COUNTERS) {
      const v = view[key];
      if (typeof v !== "number") continue;
      let c = counterEls[key];
      if (!c) {
        c = h("div", { class: "plq-counter", "data-counter": key }, h("strong"), h("span"));
        counters.appendChild(c);
        counterEls[key] = c;
      }
      (c.firstChild as HTMLElement).textContent = formatNumber(v);
      // the word agrees with the number shown ("1 move", "2 moves")
      (c.lastChild as HTMLElement).textContent = t(label, { count: Math.round(v) });
      const limit = limitKey ? num(view[limitKey], 0) : 0;
      // warn when a budget is nearly spent: 3 or fewer, or under 15% of the limit
      c.classList.toggle("is-low", v <= 3 || (limit > 0 && v / limit < 0.15));
    }
  }

  update(run.view);
  return { el, update, destroy: sound.destroy };
}
