import type { TWheelIcon, TWheelId } from "./types";

export const WHEELS: Array<{ id: TWheelId; name: string; hint: string }> = [
  { id: "daily", name: "Daily wheel", hint: "Free spins every day in the lobby" },
  { id: "site", name: "Site wheel", hint: "The wheel-only entry on your site" },
];

/**
 * The built-in segment icons the server serves (the server refuses any other name and says so on
 * the field). `satisfies` keeps the list complete with the router's icon type.
 */
const ICON_NAMES = {
  ticket: "Ticket",
  coin: "Coin",
  star: "Star",
  gift: "Gift",
  trophy: "Trophy",
  heart: "Heart",
  lightning: "Lightning",
  try_again: "Try again",
} satisfies Record<TWheelIcon, string>;
export const WHEEL_ICONS = Object.keys(ICON_NAMES) as TWheelIcon[];
export const iconName = (icon: TWheelIcon) => ICON_NAMES[icon];
export const iconUrl = (icon: TWheelIcon) => `/v1/game-assets/wheel/icons/${icon}.svg`;

/** Slice colours of the preview, in wheel order; a light and a dark tone alternate. */
const SLICE_COLORS = ["#6366f1", "#f59e0b", "#10b981", "#ec4899", "#0ea5e9", "#f97316", "#8b5cf6", "#14b8a6", "#ef4444", "#84cc16", "#3b82f6", "#eab308"];
export const sliceColor = (i: number) => SLICE_COLORS[i % SLICE_COLORS.length]!;

export const MIN_SEGMENTS = 2;
export const MAX_SEGMENTS = 12;
/** The economy resource paid spins cost and ticket awards credit (the server's TICKET_RESOURCE_ID). */
export const TICKETS = "tickets";
