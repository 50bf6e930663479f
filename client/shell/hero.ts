// Small lobby illustration per game, built from the same artwork as the
// games (gems, cards, van) so the lobby previews what the player will see.
import type { THeroArt } from "@/games/types";
import { h, svg, useIcon } from "../shared/dom";
import { gemSymbol } from "../shared/gems";

// Which art a game shows is in its manifest (games/<game>/manifest.ts). The build passes the
// mechanic id -> art table in (scripts/build-play.ts SHELL_DEFINES): importing the manifests would
// bundle the engines and level tracks into the shell.
declare const PLAYLOOP_HERO_ART: Record<string, THeroArt>;

const CARD_BACK = '<rect x="6" y="4" width="52" height="68" rx="10" fill="var(--accent)"/><path d="M32 24l4.5 9.6 10.5 1.3-7.7 7.2 2 10.4L32 47.3l-9.3 5.2 2-10.4-7.7-7.2 10.5-1.3z" fill="#fff" opacity=".85"/>';
const CARD_FACE = '<rect x="6" y="4" width="52" height="68" rx="10" fill="#fff" stroke="#e8e6f5" stroke-width="2"/><path d="M32 56S14 45 14 33a9 9 0 0 1 18-4 9 9 0 0 1 18 4c0 12-18 23-18 23z" fill="#ef233c"/>';
const VAN =
  '<rect x="4" y="18" width="38" height="28" rx="6" fill="var(--accent)"/><path d="M42 25h9l9 11v10H42z" fill="var(--accent)"/><path d="M45 28h5l6 8H45z" fill="#dff3ff"/>' +
  '<circle cx="16" cy="48" r="6" fill="#2b2d42"/><circle cx="48" cy="48" r="6" fill="#2b2d42"/>';
const BOX = '<rect x="10" y="18" width="44" height="36" rx="4" fill="#d9a066"/><path d="M10 28h44" stroke="#b5774a" stroke-width="3"/><rect x="28" y="18" width="8" height="12" fill="#f2d4a8"/>';
const PIN = '<path d="M32 6a18 18 0 0 1 18 18c0 14-18 34-18 34S14 38 14 24A18 18 0 0 1 32 6z" fill="#22b35e"/><circle cx="32" cy="24" r="7" fill="#fff"/>';

const HERO_ART: Record<THeroArt, () => Element[]> = {
  gems: () => ["blue", "red", "yellow", "green", "purple"].map((c) => useIcon(gemSymbol(c), "plq-hero-item")),
  cards: () => [CARD_BACK, CARD_FACE, CARD_BACK].map((m) => svg("0 0 64 76", m, "plq-hero-item plq-hero-card")),
  parcels: () => [BOX, VAN, PIN].map((m) => svg("0 0 64 64", m, "plq-hero-item")),
};

export function heroArt(mechanic: string): HTMLElement | null {
  // hasOwnProperty, not Object.hasOwn: the shell targets browsers older than it
  const art = Object.prototype.hasOwnProperty.call(PLAYLOOP_HERO_ART, mechanic) ? PLAYLOOP_HERO_ART[mechanic] : undefined;
  const items = art ? HERO_ART[art]() : [];
  if (items.length === 0) return null;
  const el = h("div", { class: `plq-hero plq-hero-${items.length}`, "aria-hidden": "true" });
  for (const i of items) el.appendChild(i);
  return el;
}
