// Lobby screen: game title, the next level card (goals from the preview),
// Play / Resume / Start over, track progress and the last result.
import type { TMessageKey } from "@/i18n/catalogue/en";
import { formatNumber, h, svg } from "../shared/dom";
import { gameTitle, t } from "../shared/i18n";
import type { Lobby, PreviewGoal } from "../shared/types";
import { goalRow, previewLimits, unavailableText } from "./format";
import { heroArt } from "./hero";
import { starRow } from "./result";
import { applyBackground } from "./theme";

export type LobbyActions = {
  play(): void;
  resume(runId: string): void;
  startOver(): void;
  wheel(): void;
  /** The project is in free play (no rewards): the eyebrow says so instead of "Play & win". */
  freePlay?: boolean;
  /** An anonymous visitor of a rewards project: no "Play & win" promise, but the site's words on how to earn rewards. */
  signInText?: string | null;
};

const WHEEL_ART =
  '<circle cx="32" cy="32" r="28" fill="#2a2158"/><path d="M32 32V6a26 26 0 0 1 22.5 13z" fill="#6c5ce7"/><path d="M32 32l22.5-13a26 26 0 0 1 0 26z" fill="#ff8a3d"/><path d="M32 32l22.5 13A26 26 0 0 1 32 58z" fill="#22b35e"/><path d="M32 32v26A26 26 0 0 1 9.5 45z" fill="#2f86f6"/><path d="M32 32L9.5 45a26 26 0 0 1 0-26z" fill="#ef3b4b"/><path d="M32 32L9.5 19A26 26 0 0 1 32 6z" fill="#ffc928"/><circle cx="32" cy="32" r="6" fill="#fff"/>';

/** The wheel card: what today holds (a free spin, a paid one, a prize to reveal, or tomorrow). */
function wheelCard(l: Lobby, act: LobbyActions): HTMLElement | null {
  const w = l.wheel;
  if (!w || !w.enabled || !w.wheel_id) return null;
  const e = w.entitlement;
  let text = t("lobby.wheel.spin_for_prizes");
  let cta = t("lobby.wheel.cta_spin");
  if (w.pending) {
    text = t("lobby.wheel.prize_waiting");
    cta = t("lobby.wheel.cta_reveal");
  } else if (e && e.free_spins_left > 0) {
    text = t("lobby.wheel.free_spins_ready", { count: e.free_spins_left });
  } else if (e && e.paid_spins_left > 0) {
    text = t("lobby.wheel.spin_for_tickets", { count: Math.round(e.ticket_cost) });
  } else if (e) {
    text = t("lobby.wheel.back_tomorrow");
    cta = t("lobby.wheel.cta_look");
  }
  const ready = !!w.pending || (e?.free_spins_left ?? 0) > 0;
  return h(
    "button",
    { type: "button", class: `plq-wheel-card${ready ? " is-ready" : ""}`, "data-testid": "lobby-wheel", onclick: () => act.wheel() },
    svg("0 0 64 64", WHEEL_ART, "plq-wheel-card-art"),
    h("span", { class: "plq-wheel-card-text" }, h("strong", null, t(w.wheel_id === "daily" ? "lobby.wheel.daily" : "lobby.wheel.prize")), h("span", null, text)),
    h("span", { class: "plq-wheel-card-cta" }, cta),
  );
}

const STATUS_TEXT: Record<string, TMessageKey> = { won: "lobby.status.won", lost: "lobby.status.lost", abandoned: "lobby.status.abandoned" };
/** The player-facing reward statuses (GET /v1/game-runs/{id}/reward, the lobby's last result): never a reason. */
const REWARD_TEXT: Record<string, TMessageKey> = {
  pending: "lobby.reward.pending",
  delayed: "lobby.reward.delayed",
  checking: "lobby.reward.checking",
  confirmed: "lobby.reward.confirmed",
  unavailable: "lobby.reward.unavailable",
};
/** The message of a server code in a code → key table, or undefined for a code it does not know. */
const said = (table: Record<string, TMessageKey>, code: string | undefined): string | undefined =>
  code && Object.prototype.hasOwnProperty.call(table, code) ? t(table[code] as TMessageKey) : undefined;
const TROPHY =
  '<path d="M18 10h28v10a14 14 0 0 1-28 0z" fill="#ffc928"/><path d="M18 14H9v4a9 9 0 0 0 9 9M46 14h9v4a9 9 0 0 1-9 9" fill="none" stroke="#e0a800" stroke-width="4"/><rect x="28" y="34" width="8" height="10" fill="#e0a800"/><rect x="20" y="44" width="24" height="8" rx="3" fill="#c27c00"/>';

function levelsDone(l: Lobby): number {
  const p = l.play;
  if (p.track_complete) return p.levels_total;
  return Math.max(0, Math.min(p.levels_total, (p.next_level?.number ?? 1) - 1));
}

function progress(l: Lobby): HTMLElement {
  const done = levelsDone(l);
  const total = Math.max(1, l.play.levels_total);
  const fill = h("span", { class: "plq-bar-fill" });
  fill.style.transform = `scaleX(${done / total})`;
  const round = l.play.next_level?.cycle_round ?? 1;
  return h(
    "div",
    { class: "plq-progress", "data-testid": "lobby-progress" },
    h("div", { class: "plq-progress-head" }, h("span", null, t("lobby.progress.title")), h("strong", null, t("lobby.progress.levels", { done, total: l.play.levels_total }))),
    h("div", { class: "plq-bar", role: "progressbar", "aria-label": t("lobby.progress.bar_label"), "aria-valuemin": "0", "aria-valuemax": String(total), "aria-valuenow": String(done) }, fill),
    round > 1 ? h("p", { class: "plq-muted" }, t("lobby.progress.round", { round })) : null,
  );
}

/** The track's levels in a row: each won one with the stars of its best win, the next one ringed. */
function levelList(l: Lobby): HTMLElement | null {
  const stars = l.play.level_stars;
  if (!Array.isArray(stars) || stars.length === 0) return null;
  const next = l.play.track_complete ? 0 : l.play.next_level?.number ?? 1;
  return h(
    "ol",
    { class: "plq-levels", "data-testid": "level-list", "aria-label": t("lobby.levels.label") },
    ...stars.map((n, i) => {
      const number = i + 1;
      const state = n > 0 ? "is-won" : number === next ? "is-next" : number > next ? "is-locked" : "";
      return h(
        "li",
        { class: state, "data-level": String(number), "data-stars": String(n), "aria-label": n > 0 ? t("lobby.levels.level_stars", { level: number, stars: n }) : t("lobby.levels.level", { level: number }) },
        h("span", null, String(number)),
        starRow(n, "mini"),
      );
    }),
  );
}

function lastResult(l: Lobby): HTMLElement | null {
  const r = l.last_result;
  if (!r) return null;
  const status = said(STATUS_TEXT, r.status) ?? r.status;
  const reward = said(REWARD_TEXT, r.reward?.status);
  return h(
    "p",
    { class: `plq-last is-${r.status}`, "data-testid": "last-result" },
    h("span", { class: "plq-last-dot" }),
    reward
      ? t("lobby.last_result_reward", { level: r.level_number, status, reward })
      : t("lobby.last_result", { level: r.level_number, status }),
  );
}

export function renderLobby(l: Lobby, act: LobbyActions): HTMLElement {
  const p = l.play;
  const next = p.next_level;
  const active = p.active_run && p.active_run.resumable ? p.active_run : null;
  const preview = next?.preview ?? {};
  const goals = Array.isArray(preview.goals) ? (preview.goals as PreviewGoal[]) : [];
  const limits = previewLimits(preview);

  const buttons: HTMLElement[] = [];
  if (!p.available) {
    buttons.push(h("p", { class: "plq-unavailable", role: "status" }, unavailableText(p.unavailable_reason)));
  } else if (active) {
    buttons.push(
      h("button", { type: "button", class: "plq-btn plq-btn-primary", "data-testid": "play-button", onclick: () => act.resume(active.run_id) }, t("lobby.resume_level", { level: active.level_number })),
      h("button", { type: "button", class: "plq-btn plq-btn-ghost", "data-testid": "start-over-button", onclick: () => act.startOver() }, t("lobby.start_over")),
    );
  } else {
    buttons.push(h("button", { type: "button", class: "plq-btn plq-btn-primary", "data-testid": "play-button", onclick: () => act.play() }, next ? t("lobby.play_level", { level: next.number }) : t("lobby.play")));
  }

  const card = h(
    "div",
    { class: "plq-card plq-level-card" },
    h("div", { class: "plq-level-badge" }, h("span", null, t("lobby.level_badge")), h("strong", null, next ? formatNumber(active ? active.level_number : next.number) : "–")),
    goals.length ? h("ul", { class: "plq-goals", "aria-label": t("lobby.goals_label") }, ...goals.map(goalRow)) : null,
    limits.length ? h("p", { class: "plq-limits" }, limits.join(t("common.list_separator"))) : null,
    h("div", { class: "plq-actions" }, ...buttons),
  );

  const screen = h(
    "section",
    { class: "plq-screen plq-lobby", "data-testid": "lobby" },
    h("header", { class: "plq-lobby-head" }, heroArt(p.mechanic), h("p", { class: "plq-eyebrow" }, t(act.freePlay ? "lobby.eyebrow.free_play" : act.signInText ? "lobby.eyebrow.play" : "lobby.eyebrow.play_and_win")), h("h1", null, gameTitle(p.mechanic, p.title) || t("lobby.title_fallback")),
      act.signInText && !act.freePlay ? h("p", { class: "plq-sign-in-note", "data-testid": "sign-in-note" }, act.signInText) : null),
    p.track_complete ? h("div", { class: "plq-banner", role: "status" }, svg("0 0 64 64", TROPHY, "plq-banner-icon"), h("span", null, t("lobby.track_complete", { count: p.levels_total }))) : null,
    wheelCard(l, act),
    card,
    progress(l),
    levelList(l),
    lastResult(l),
  );
  applyBackground(screen, l.assets?.lobby_background?.url);
  return screen;
}

/** Placeholder while the lobby loads or on error (with a retry). */
export function renderMessage(text: string, retry?: () => void): HTMLElement {
  return h(
    "section",
    { class: "plq-screen plq-message", "aria-busy": retry ? "false" : "true" },
    retry ? null : h("div", { class: "plq-spinner", "aria-hidden": "true" }),
    h("p", null, text),
    retry ? h("button", { type: "button", class: "plq-btn plq-btn-primary", onclick: retry }, t("lobby.try_again")) : null,
  );
}
