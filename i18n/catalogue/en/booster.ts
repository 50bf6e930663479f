import type { TSourceMessage } from "./types";

/** The booster tray under the board: buying and using boosters (client/shell/booster-tray.ts). */
export const BOOSTER = {
  "booster.tray.label": { message: "Boosters", note: "Screen-reader name of the row of booster buttons under the board; not shown as text; about 20 characters." },
  "booster.label.owned": { message: "{name}: you have {count}. Tap to use.", note: "Screen-reader label of a booster button when the player owns some; not shown as text. {name}: the booster's name as the site set it; {count}: how many the player owns (1 or more)." },
  "booster.label.confirm": { message: "Buy {name} for {price} {resource}? Tap again to buy.", note: "Screen-reader label of a booster button after a first tap, asking to confirm the purchase; not shown as text. {name}: the booster's name as the site set it; {price}: its price (a number); {resource}: the name of what it costs, as the site set it (e.g. \"coins\")." },
  "booster.label.for_sale": { message: "{name}: {description} Costs {price} {resource}.", note: "Screen-reader label of a booster button the player does not own yet; not shown as text. {name}: the booster's name as the site set it; {description}: its description as the site set it (a sentence; the shell ends it with the language's full stop when the site wrote none); {price}: its price (a number); {resource}: the name of what it costs, as the site set it (e.g. \"coins\")." },
  "booster.badge.owned": { message: "×{count}", note: "Small badge on a booster button: how many of it the player owns; about 4 characters. {count}: the number owned." },
  "booster.badge.confirm": { message: "Buy?", note: "Small badge on a booster button after a first tap: a second tap buys it; about 6 characters." },
  "booster.toast.busy": { message: "One moment — the board is still moving.", note: "Toast when the player taps a booster while the board is still animating; one line, about 40 characters." },
  "booster.toast.need": { message: "You need {price} {resource} for {name}.", note: "Toast when the player taps a booster they cannot afford; one or two lines, about 45 characters. {price}: its price (a number); {resource}: the name of what it costs, as the site set it (e.g. \"coins\"); {name}: the booster's name as the site set it." },
  "booster.error.insufficient_balance": { message: "Not enough to buy that yet. Win games or spin the wheel to earn more.", note: "Toast when a booster purchase is refused because the balance is too low; two lines, about 70 characters." },
  "booster.error.economy_disabled": { message: "The shop is closed right now.", note: "Toast when a booster purchase is refused because the site switched purchases off; one line, about 40 characters." },
  "booster.error.rate_limited": { message: "Easy there! Try again in a moment.", note: "Toast when a booster purchase is refused because the player buys too fast; one line, about 40 characters." },
  "booster.error.not_found": { message: "That booster is no longer on sale.", note: "Toast when a booster purchase is refused because the site removed that booster; one line, about 40 characters." },
  "booster.error.fallback": { message: "We couldn't complete the purchase. Please try again.", note: "Toast when a booster purchase failed for any other reason (e.g. no connection); one or two lines, about 55 characters." },
} satisfies Record<string, TSourceMessage>;
