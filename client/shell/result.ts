// Result screen over the finished board: outcome, score, and (when the
// server sent progression) best score, new best, first clear, the next level
// or the track-complete celebration.
import type { TMessageKey } from "@/i18n/catalogue/en";
import { formatNumber, h, num, svg } from "../shared/dom";
import { t } from "../shared/i18n";
import { countTo } from "../shared/motion";
import type { CommandResponse, GameRun } from "../shared/types";
import { confetti } from "./confetti";

export type ResultActions = { next(): void; retry(): void; lobby(): void };

/** What a win's reward is doing, by its status from GET /v1/game-runs/{id}/reward (never a reason). */
const WIN_REWARD: Record<string, TMessageKey> = {
  pending: "result.reward.pending",
  checking: "result.reward.checking",
  delayed: "result.reward.checking",
  confirmed: "result.reward.confirmed",
};

/** What a win's reward is doing, in the player's words (current language); null for a status with nothing to say. */
export function winRewardText(status: string): string | null {
  const key = WIN_REWARD[status];
  return key ? t(key) : null;
}

/**
 * The line under a win's score about its reward: empty until there is something to say; the
 * campaign's own words for the prize (in the player's language, from the site) above the status.
 */
export function rewardLine(): { el: HTMLElement; say(text: string | null, status?: string, message?: string | null): void } {
  const el = h("p", { class: "plq-reward-note", "data-testid": "result-reward", role: "status", hidden: true });
  return {
    el,
    say(text, status, message = null) {
      el.replaceChildren();
      if (message) el.appendChild(h("strong", { class: "plq-reward-message", translate: "no", "data-testid": "result-reward-message" }, message));
      if (text) el.appendChild(document.createTextNode(text));
      el.hidden = !text && !message;
      if (status) el.setAttribute("data-reward-status", status);
    },
  };
}

const LOSS: Record<string, TMessageKey> = {
  out_of_moves: "result.loss.out_of_moves",
  out_of_fuel: "result.loss.out_of_fuel",
  too_many_mistakes: "result.loss.too_many_mistakes",
  out_of_flips: "result.loss.out_of_flips",
  expired: "result.loss.expired",
};
const STAR = '<path d="M32 4l8.6 18.3 20 2.4-14.8 13.7 3.9 19.8L32 48.3 14.3 58.2l3.9-19.8L3.4 24.7l20-2.4z" fill="#ffc928" stroke="#e0a000" stroke-width="2.5" stroke-linejoin="round"/>';
const CLOUD = '<path d="M18 46a11 11 0 0 1 0-22 15 15 0 0 1 28-5 12 12 0 0 1 2 27z" fill="#b8c4d6"/><path d="M22 52l-3 6M32 52l-3 6M42 52l-3 6" stroke="#7aa7e0" stroke-width="3" stroke-linecap="round"/>';

const BONUS: Record<string, TMessageKey> = { match3_v1: "result.bonus.match3", memory_v1: "result.bonus.memory", parcel_pilot_v1: "result.bonus.parcel" };

/** One to three stars for a win (the server's count), the empty ones greyed; the leftover bonus under them. */
export function starRow(stars: number, size: "big" | "mini" = "big"): HTMLElement {
  const n = Math.max(0, Math.min(3, Math.round(stars)));
  return h(
    "div",
    { class: size === "big" ? "plq-stars" : "plq-mini-stars", "data-testid": size === "big" ? "result-stars" : undefined, "data-stars": String(n), role: "img", "aria-label": t("result.stars.label", { stars: n, total: 3 }) },
    ...[1, 2, 3].map((i) => svg("0 0 64 64", STAR, i <= n ? "plq-star-on" : "plq-star-off")),
  );
}

function lossReason(run: GameRun, resp: CommandResponse | null): string {
  const fact = resp?.facts?.find((f) => f.name === "game_lost");
  const reason = typeof fact?.reason === "string" ? fact.reason : run.end_reason ?? "";
  return t(LOSS[reason] ?? "result.loss.fallback");
}

export function renderResult(run: GameRun, resp: CommandResponse | null, act: ResultActions, reward: HTMLElement | null = null): HTMLElement {
  const won = run.status === "won";
  const prog = resp?.progression;
  const score = num(resp?.view.score ?? run.view.score);
  const scoreEl = h("strong", { class: "plq-result-score-value", "data-testid": "result-score" }, formatNumber(0));
  const badges: HTMLElement[] = [];
  if (prog?.new_best && score > 0) badges.push(h("span", { class: "plq-badge plq-badge-gold" }, t("result.badge.new_best")));
  if (prog?.first_completion) badges.push(h("span", { class: "plq-badge" }, t("result.badge.first_clear")));

  let progression: HTMLElement | null = null;
  if (prog) {
    const done = prog.track_complete ? prog.levels_total : Math.max(0, Math.min(prog.levels_total, (prog.next_level_number ?? prog.level_number) - 1));
    const fill = h("span", { class: "plq-bar-fill" });
    fill.style.transform = `scaleX(${done / Math.max(1, prog.levels_total)})`;
    progression = h(
      "div",
      { class: "plq-progression", "data-testid": "progression" },
      badges.length ? h("div", { class: "plq-badges" }, ...badges) : null,
      h("dl", { class: "plq-stats" },
        h("div", null, h("dt", null, t("result.stat.best")), h("dd", null, formatNumber(prog.best_score))),
        h("div", null, h("dt", null, t("result.stat.levels")), h("dd", null, t("result.stat.levels_value", { done, total: prog.levels_total }))),
        prog.cycle_round > 1 ? h("div", null, h("dt", null, t("result.stat.round")), h("dd", null, formatNumber(prog.cycle_round))) : null,
      ),
      h("div", { class: "plq-bar" }, fill),
      prog.track_complete && won
        ? h("p", { class: "plq-track-complete", "data-testid": "track-complete" }, t("result.track_complete"))
        : won && prog.next_level_number
          ? h("p", { class: "plq-next" }, t("result.next_up", { level: prog.next_level_number }))
          : null,
    );
  }

  const buttons = won
    ? [
        h("button", { type: "button", class: "plq-btn plq-btn-primary", "data-testid": "next-button", onclick: act.next }, prog?.next_level_number ? t("result.button.play_level", { level: prog.next_level_number }) : t("result.button.continue")),
        h("button", { type: "button", class: "plq-btn plq-btn-ghost", "data-testid": "lobby-button", onclick: act.lobby }, t("result.button.lobby")),
      ]
    : [
        h("button", { type: "button", class: "plq-btn plq-btn-primary", "data-testid": "retry-button", onclick: act.retry }, t("result.button.try_again")),
        h("button", { type: "button", class: "plq-btn plq-btn-ghost", "data-testid": "lobby-button", onclick: act.lobby }, t("result.button.lobby")),
      ];

  const view = resp?.view ?? run.view;
  const stars = won && typeof view.stars === "number" ? view.stars : null;
  const bonus = won && typeof view.bonus === "number" && view.bonus > 0 ? view.bonus : 0;
  const card = h(
    "div",
    { class: "plq-card plq-result-card", role: "dialog", "aria-modal": "true", "aria-labelledby": "plq-result-title" },
    stars !== null ? starRow(stars) : svg("0 0 64 64", won ? STAR : CLOUD, "plq-result-icon"),
    h("h2", { id: "plq-result-title" }, won ? t("result.title.won", { level: run.level.number }) : lossReason(run, resp)),
    bonus ? h("p", { class: "plq-bonus", "data-testid": "result-bonus" }, t(BONUS[run.mechanic] ?? "result.bonus.other", { bonus: Math.round(bonus) })) : null,
    h("div", { class: "plq-result-score" }, h("span", null, t("result.score")), scoreEl),
    won ? reward : null,
    progression,
    h("div", { class: "plq-actions" }, ...buttons),
  );
  const el = h("section", { class: `plq-screen plq-result ${won ? "is-won" : "is-lost"}`, "data-testid": "result", "data-status": run.status }, card);
  countTo(scoreEl, 0, score, 900, formatNumber);
  if (won) requestAnimationFrame(() => confetti(el, prog?.track_complete ? 70 : 36));
  return el;
}
