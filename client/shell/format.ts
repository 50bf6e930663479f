// Player-facing wording and icons for goals and limits, shared by the lobby
// (level preview: targets only) and the in-game HUD (progress).
import type { TMessageKey } from "@/i18n/catalogue/en";
import { h, useIcon, svg } from "../shared/dom";
import { BLOCKER_SYMBOL, gemSymbol } from "../shared/gems";
import { t } from "../shared/i18n";
import type { PreviewGoal } from "../shared/types";

const ICONS: Record<string, string> = {
  score: '<path d="M50 8l12 26 28 3-21 19 6 28-25-14-25 14 6-28L10 37l28-3z" fill="#ffc928" stroke="#c27c00" stroke-width="5" stroke-linejoin="round"/>',
  pairs: '<rect x="10" y="18" width="44" height="60" rx="8" fill="#9b8cff" transform="rotate(-10 32 48)"/><rect x="44" y="20" width="44" height="60" rx="8" fill="#6c5ce7" transform="rotate(8 66 50)"/>',
  deliveries: '<rect x="14" y="28" width="72" height="56" rx="6" fill="#d9a066"/><path d="M14 44h72" stroke="#b5774a" stroke-width="5"/><rect x="42" y="28" width="16" height="20" fill="#f2d4a8"/>',
};

export function goalIcon(g: PreviewGoal): SVGSVGElement {
  if (g.type === "collect" && typeof g.colour === "string") return useIcon(gemSymbol(g.colour), "plq-goal-icon");
  if (g.type === "clear_blockers") return useIcon(BLOCKER_SYMBOL, "plq-goal-icon");
  return svg("0 0 100 100", ICONS[g.type] ?? ICONS.score ?? "", "plq-goal-icon");
}

/** A gem colour id → its goal message ("Collect 5 red gems"); a colour not listed is said by name. */
const COLLECT: Record<string, TMessageKey> = {
  red: "goals.collect.red",
  blue: "goals.collect.blue",
  green: "goals.collect.green",
  yellow: "goals.collect.yellow",
  purple: "goals.collect.purple",
  orange: "goals.collect.orange",
};
const GOAL: Record<string, TMessageKey> = {
  score: "goals.score",
  clear_blockers: "goals.clear_blockers",
  pairs: "goals.pairs",
  deliveries: "goals.deliveries",
};

export function goalText(g: PreviewGoal): string {
  const count = Math.round(g.target);
  if (g.type === "collect") {
    if (typeof g.colour !== "string" || g.colour === "") return t("goals.collect.any", { count });
    const key = Object.prototype.hasOwnProperty.call(COLLECT, g.colour) ? COLLECT[g.colour] : undefined;
    return key ? t(key, { count }) : t("goals.collect.named_colour", { count, colour: g.colour });
  }
  const key = Object.prototype.hasOwnProperty.call(GOAL, g.type) ? GOAL[g.type] : undefined;
  return key ? t(key, { count }) : t("goals.other", { goal: g.type.replace(/_/g, " "), count });
}

/** The countable limits of a preview, each with its message. */
const LIMITS: [field: string, key: TMessageKey][] = [
  ["moves", "goals.limit.moves"],
  ["fuel", "goals.limit.fuel"],
  ["flips", "goals.limit.flips"],
  ["mistakes", "goals.limit.mistakes"],
];

/** Limits shown on the level card from a preview object. */
export function previewLimits(preview: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [field, key] of LIMITS) {
    const v = preview[field];
    if (typeof v === "number") out.push(t(key, { count: Math.round(v) }));
  }
  const board = typeof preview.board === "string" ? /^(\d+)x(\d+)$/.exec(preview.board) : null;
  if (board) out.push(t("goals.limit.board", { rows: Number(board[1]), columns: Number(board[2]) }));
  else if (typeof preview.cards === "number") out.push(t("goals.limit.cards", { count: preview.cards }));
  return out;
}

export function goalRow(g: PreviewGoal): HTMLElement {
  return h("li", { class: "plq-goal-line" }, goalIcon(g), h("span", null, goalText(g)));
}

const UNAVAILABLE: Record<string, TMessageKey> = {
  mechanic_unavailable: "goals.unavailable.mechanic_unavailable",
  mode_not_allowed: "goals.unavailable.mode_not_allowed",
  level_locked: "goals.unavailable.level_locked",
};

/** Why games cannot be played now, for the lobby's unavailable_reason (a general message for a reason it does not know). */
export function unavailableText(reason: string | null | undefined): string {
  const key = reason && Object.prototype.hasOwnProperty.call(UNAVAILABLE, reason) ? UNAVAILABLE[reason] : undefined;
  return t(key ?? "goals.unavailable.mode_not_allowed");
}
