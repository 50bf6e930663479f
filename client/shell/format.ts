// Player-facing wording and icons for goals and limits, shared by the lobby
// (level preview: targets only) and the in-game HUD (progress).
import { h, useIcon, svg, formatNumber } from "../shared/dom";
import { BLOCKER_SYMBOL, gemSymbol } from "../shared/gems";
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

export function goalText(g: PreviewGoal): string {
  const n = formatNumber(g.target);
  switch (g.type) {
    case "score":
      return `Reach ${n} points`;
    case "collect":
      return `Collect ${n} ${typeof g.colour === "string" ? g.colour : ""} gems`.replace("  ", " ");
    case "clear_blockers":
      return `Break ${n} ${g.target === 1 ? "stone" : "stones"}`;
    case "pairs":
      return `Find ${n} ${g.target === 1 ? "pair" : "pairs"}`;
    case "deliveries":
      return `Deliver ${n} ${g.target === 1 ? "parcel" : "parcels"}`;
    default:
      return `${g.type.replace(/_/g, " ")}: ${n}`;
  }
}

/** Limits shown on the level card from a preview object. */
export function previewLimits(preview: Record<string, unknown>): string[] {
  const out: string[] = [];
  const add = (key: string, one: string, many: string) => {
    const v = preview[key];
    if (typeof v === "number") out.push(`${formatNumber(v)} ${v === 1 ? one : many}`);
  };
  add("moves", "move", "moves");
  add("fuel", "fuel", "fuel");
  add("flips", "flip", "flips");
  const m = preview.mistakes;
  if (typeof m === "number") out.push(`${m} ${m === 1 ? "mistake" : "mistakes"} allowed`);
  if (typeof preview.board === "string" && /^\d+x\d+$/.test(preview.board)) out.push(`${preview.board.replace("x", "×")} board`);
  else if (typeof preview.cards === "number") out.push(`${preview.cards} cards`);
  return out;
}

export function goalRow(g: PreviewGoal): HTMLElement {
  return h("li", { class: "plq-goal-line" }, goalIcon(g), h("span", null, goalText(g)));
}

export const UNAVAILABLE: Record<string, string> = {
  mechanic_unavailable: "This game is taking a short break. Please check back soon.",
  mode_not_allowed: "Games are not available right now.",
  level_locked: "The next level is not open yet.",
};
