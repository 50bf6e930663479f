import type { inferRouterOutputs } from "@trpc/server";
import { formatCount, formatMoney, formatNumber, type TNoun } from "@/i18n/format";
import type { TConsoleRouter } from "@/server/routers/console";

/**
 * What one cohort's retention cost, as `GET …/analytics/ab` answers it: the fields of the route's
 * own output type that the words read (a renamed field fails the typecheck here, not on the page).
 */
export type TCohortCosts = Pick<
  inferRouterOutputs<TConsoleRouter>["analytics"]["ab"]["cohorts"][number],
  | "cohort"
  | "rewards_granted"
  | "rewards_by_type"
  | "reward_value_minor"
  | "rewards_with_value"
  | "wheel_prizes"
  | "wheel_prizes_cost_minor"
  | "boosters_granted"
  | "cost_minor"
  | "cost_per_retained_player_minor"
  | "boosters_per_retained_player"
> & { d7_return: { returned: number } };

const REWARD_NOUNS: Record<string, TNoun> = {
  promo_code: { one: "promo code", other: "promo codes" },
  points: { one: "points reward", other: "points rewards" },
  free_shipping: { one: "free shipping", other: "free shippings" },
  gift: { one: "gift", other: "gifts" },
  custom: { one: "custom reward", other: "custom rewards" },
  other: { one: "other reward", other: "other rewards" },
};
const COHORT_NAMES: Record<string, string> = { treatment: "Players shown the widget", control: "Players not shown it", all: "Everyone", off: "Players with the widget off" };

/** "2 promo codes and 1 points reward"; "no rewards". */
export function rewardsInWords(byType: Record<string, number>): string {
  const parts = Object.entries(byType)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, n]) => formatCount(n, REWARD_NOUNS[type] ?? { one: `${type.replaceAll("_", " ")} reward`, other: `${type.replaceAll("_", " ")} rewards` }));
  if (parts.length === 0) return "no rewards";
  return new Intl.ListFormat("en-US", { type: "conjunction" }).format(parts);
}

/**
 * One cohort's cost in a sentence an admin can act on: what it cost per player back on day 7, what
 * that is made of, and what is not money (rewards without a declared value, boosters).
 */
export function cohortCostInWords(c: TCohortCosts, currency: string): string {
  const name = COHORT_NAMES[c.cohort] ?? c.cohort;
  const money = (minor: number) => formatMoney(minor, currency);
  const unvalued = c.rewards_granted - c.rewards_with_value;
  const made = [
    `${rewardsInWords(c.rewards_by_type)}${c.rewards_with_value > 0 ? ` (${money(c.reward_value_minor)} declared${unvalued > 0 ? ` on ${formatNumber(c.rewards_with_value)} of ${formatNumber(c.rewards_granted)}` : ""})` : ""}`,
    `${formatCount(c.wheel_prizes, { one: "wheel prize", other: "wheel prizes" })}${c.wheel_prizes > 0 ? ` (${money(c.wheel_prizes_cost_minor)})` : ""}`,
    `${formatCount(c.boosters_granted, { one: "booster", other: "boosters" })} given`,
  ];
  const head =
    c.cost_per_retained_player_minor === null
      ? `${name} cost ${money(c.cost_minor)} so far; nobody is back on day 7 yet, so there is no cost per retained player.`
      : `${name} cost ${money(c.cost_per_retained_player_minor)} for each of the ${formatCount(c.d7_return.returned, { one: "player", other: "players" })} back on day 7 (${money(c.cost_minor)} in all).`;
  const tail = unvalued > 0 ? ` ${formatCount(unvalued, { one: "reward has no declared value and adds", other: "rewards have no declared value and add" })} no money here.` : "";
  return `${head} Made of ${new Intl.ListFormat("en-US", { type: "conjunction" }).format(made)}.${tail}`;
}
