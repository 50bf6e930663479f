/**
 * The plan catalogue. Prices are whole US cents per calendar month (UTC). `included_mau` is the
 * number of identified monthly active players included; anonymous players (`anon_…`) are never
 * counted against it. Above it, paid plans bill `overage_cents_per_1000` per started thousand on
 * the next period invoice; play is never interrupted and no player data is dropped.
 */
export type TPlan = {
  plan_id: "free" | "growth" | "scale";
  name: string;
  price_cents: number;
  currency: "usd";
  included_mau: number;
  overage_cents_per_1000: number | null;
  features: string[];
};

/**
 * Every plan has every feature: plans differ only in the players they include, what players above
 * that cost and (Free) whether new projects can be made over the limit — which is all the service
 * enforces (get-billing.ts, issue-period-invoices.ts). A feature line must name something enforced.
 */
const EVERYTHING = "Every feature: all games, lobby, prize wheel, rewards and webhooks, economy, insights and A/B tests, fraud review";

export const PLANS: readonly TPlan[] = [
  {
    plan_id: "free",
    name: "Free",
    price_cents: 0,
    currency: "usd",
    included_mau: 1_000,
    overage_cents_per_1000: null,
    features: ["1,000 monthly active players included", "Over 1,000: play goes on; new projects wait for an upgrade", EVERYTHING],
  },
  {
    plan_id: "growth",
    name: "Growth",
    price_cents: 4_900,
    currency: "usd",
    included_mau: 10_000,
    overage_cents_per_1000: 500,
    features: ["10,000 monthly active players included", "$5 per started 1,000 players above, on the next invoice", EVERYTHING],
  },
  {
    plan_id: "scale",
    name: "Scale",
    price_cents: 19_900,
    currency: "usd",
    included_mau: 100_000,
    overage_cents_per_1000: 300,
    features: ["100,000 monthly active players included", "$3 per started 1,000 players above, on the next invoice", EVERYTHING],
  },
];

export const PLAN_IDS = PLANS.map((p) => p.plan_id) as [TPlan["plan_id"], ...TPlan["plan_id"][]];
export const DEFAULT_PLAN_ID: TPlan["plan_id"] = "free";

export function planById(planId: string): TPlan | null {
  return PLANS.find((p) => p.plan_id === planId) ?? null;
}

/** Usage at or above this share of the included players is reported as a warning. */
export const WARNING_SHARE = 0.8;

export type TUsageStatus = "ok" | "warning" | "over_limit";

export function usageStatus(mau: number, plan: TPlan): TUsageStatus {
  if (mau > plan.included_mau) return "over_limit";
  if (mau >= plan.included_mau * WARNING_SHARE) return "warning";
  return "ok";
}

/** Overage of a period in cents: every started thousand players above the included amount. */
export function overageCents(mau: number, plan: TPlan): { extraPlayers: number; blocks: number; cents: number } {
  const extraPlayers = Math.max(0, mau - plan.included_mau);
  if (extraPlayers === 0 || plan.overage_cents_per_1000 === null) return { extraPlayers, blocks: 0, cents: 0 };
  const blocks = Math.ceil(extraPlayers / 1000);
  return { extraPlayers, blocks, cents: blocks * plan.overage_cents_per_1000 };
}

/** The calendar month (UTC) that contains `at`: [start, end). */
export function billingPeriod(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}

/**
 * What an upgrade costs for the rest of the period: the price difference times the days left
 * (today counts as a whole day) over the period's days, in whole cents rounded half up — exactly
 * what the invoice line says (`prorationLine`). A downgrade (zero or negative difference) costs
 * nothing now.
 */
export function prorationCents(from: TPlan, to: TPlan, at: Date): { cents: number; daysLeft: number; daysInPeriod: number; differenceCents: number } {
  const { start, end } = billingPeriod(at);
  const daysInPeriod = Math.round((end.getTime() - start.getTime()) / 86_400_000);
  const daysLeft = Math.ceil(Math.max(0, end.getTime() - at.getTime()) / 86_400_000);
  const differenceCents = Math.max(0, to.price_cents - from.price_cents);
  return { cents: Math.round((differenceCents * daysLeft) / daysInPeriod), daysLeft, daysInPeriod, differenceCents };
}

/** The proration invoice's line, in words an admin can check: "$49.00 price difference × 3/30 days left". */
export function prorationLine(from: TPlan, to: TPlan, pr: ReturnType<typeof prorationCents>): string {
  const dollars = `$${(pr.differenceCents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return `Upgrade ${from.name} → ${to.name}: ${dollars} price difference × ${pr.daysLeft}/${pr.daysInPeriod} days left in the period (today included)`;
}
