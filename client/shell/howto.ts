// "How to play": one screen over the board the first time a player opens a game (per mechanic);
// its dismissal is remembered in localStorage, so it never comes back on that device.
import type { TMessageKey } from "@/i18n/catalogue/en";
import { boxArt, houseArt, VAN_ART } from "../games/parcel-art";
import { h, svg } from "../shared/dom";
import { t } from "../shared/i18n";

type Step = { art: string; text: TMessageKey };
const GEM = (x: number, y: number, c: string) => `<rect x="${x}" y="${y}" width="16" height="16" rx="5" fill="${c}"/><rect x="${x + 3}" y="${y + 3}" width="6" height="4" rx="2" fill="#fff" opacity=".55"/>`;
const CARD = (x: number, up: boolean, c = "#6c5ce7") =>
  up
    ? `<rect x="${x}" y="12" width="24" height="36" rx="5" fill="#fff" stroke="${c}" stroke-width="3"/><circle cx="${x + 12}" cy="30" r="7" fill="${c}"/>`
    : `<rect x="${x}" y="12" width="24" height="36" rx="5" fill="#e8467c"/><path d="M${x + 12} 24l2.4 4.8 5.2.6-3.8 3.6 1 5.2-4.8-2.6-4.8 2.6 1-5.2-3.8-3.6 5.2-.6z" fill="#ffd1e1"/>`;
const STEPS: Record<string, { title: TMessageKey; steps: Step[] }> = {
  match3_v1: {
    title: "howto.match3.title",
    steps: [
      { art: GEM(4, 24, "#ef3b4b") + GEM(22, 24, "#ef3b4b") + GEM(40, 6, "#ef3b4b") + '<path d="M48 26v10" stroke="#1d1b33" stroke-width="3"/><path d="M44 34l4 5 4-5" fill="none" stroke="#1d1b33" stroke-width="3"/>', text: "howto.match3.swap" },
      { art: GEM(4, 24, "#2f86f6") + GEM(22, 24, "#2f86f6") + GEM(40, 24, "#2f86f6") + '<text x="32" y="16" text-anchor="middle" font-size="13" font-weight="900" fill="#1d1b33">+30</text>', text: "howto.match3.clear" },
      { art: '<rect x="6" y="14" width="52" height="36" rx="10" fill="#efeafd"/><text x="32" y="38" text-anchor="middle" font-size="16" font-weight="900" fill="#5a3fc0">20</text>', text: "howto.match3.goals" },
    ],
  },
  memory_v1: {
    title: "howto.memory.title",
    steps: [
      { art: CARD(4, false) + CARD(36, true, "#ff8a3d"), text: "howto.memory.flip" },
      { art: CARD(4, true, "#22b35e") + CARD(36, true, "#22b35e"), text: "howto.memory.pair" },
      { art: CARD(4, true, "#ef3b4b") + CARD(36, true, "#2f86f6") + '<path d="M27 2l10 10M37 2l-10 10" stroke="#ef3b4b" stroke-width="3.5" stroke-linecap="round"/>', text: "howto.memory.miss" },
    ],
  },
  parcel_pilot_v1: {
    title: "howto.parcel.title",
    steps: [
      { art: VAN_ART, text: "howto.parcel.drive" },
      { art: boxArt(28), text: "howto.parcel.pick_up" },
      { art: houseArt(28), text: "howto.parcel.deliver" },
    ],
  },
};

const key = (mechanic: string) => `plq-howto-${mechanic}`;
// where storage is blocked (a third-party iframe), a dismissal lasts for this page load
const dismissed = new Set<string>();

function seen(mechanic: string): boolean {
  if (dismissed.has(mechanic)) return true;
  try {
    return localStorage.getItem(key(mechanic)) === "1";
  } catch {
    return false;
  }
}

/** The overlay for a mechanic's first run, or null when the player dismissed it before (or there is none). */
export function howToPlay(mechanic: string, onClose: () => void): HTMLElement | null {
  const content = STEPS[mechanic];
  if (!content || seen(mechanic)) return null;
  // while it shows, keys belong to it (a game's arrow keys must not move the board behind it)
  const block = (e: KeyboardEvent) => {
    if (e.key === "Escape") close();
    else if (e.key !== "Tab" && e.key !== "Enter" && e.key !== " ") e.stopPropagation();
  };
  document.addEventListener("keydown", block, true);
  const close = () => {
    document.removeEventListener("keydown", block, true);
    dismissed.add(mechanic);
    try {
      localStorage.setItem(key(mechanic), "1");
    } catch {
      /* blocked storage: remembered for this page load only */
    }
    el.remove();
    onClose();
  };
  const button = h("button", { type: "button", class: "plq-btn plq-btn-primary", "data-testid": "howto-close", onclick: close }, t("howto.close"));
  const el = h(
    "div",
    { class: "plq-howto", "data-testid": "how-to-play" },
    h(
      "div",
      { class: "plq-howto-card", role: "dialog", "aria-modal": "true", "aria-labelledby": "plq-howto-title" },
      h("h2", { id: "plq-howto-title" }, t(content.title)),
      h("ol", { class: "plq-howto-steps" }, ...content.steps.map((s) => h("li", null, svg("0 0 64 64", s.art), h("span", null, t(s.text))))),
      button,
    ),
  );
  requestAnimationFrame(() => button.focus());
  return el;
}
