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

export const PLANS: readonly TPlan[] = [
  {
    plan_id: "free",
    name: "Free",
    price_cents: 0,
    currency: "usd",
    included_mau: 1_000,
    overage_cents_per_1000: null,
    features: ["1,000 monthly active players", "All games, lobby and prize wheel", "Reward webhooks", "Community support"],
  },
  {
    plan_id: "growth",
    name: "Growth",
    price_cents: 4_900,
    currency: "usd",
    included_mau: 10_000,
    overage_cents_per_1000: 500,
    features: ["10,000 monthly active players", "$5 per extra 1,000 players", "Insights and A/B experiments", "Email support"],
  },
  {
    plan_id: "scale",
    name: "Scale",
    price_cents: 19_900,
    currency: "usd",
    included_mau: 100_000,
    overage_cents_per_1000: 300,
    features: ["100,000 monthly active players", "$3 per extra 1,000 players", "Fraud review tools", "Priority support"],
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
 * What an upgrade costs for the rest of the period: the price difference times the share of the
 * period left, in whole cents (rounded half up). Zero or negative (a downgrade) costs nothing now.
 */
export function prorationCents(from: TPlan, to: TPlan, at: Date): { cents: number; daysLeft: number; daysInPeriod: number } {
  const { start, end } = billingPeriod(at);
  const periodMs = end.getTime() - start.getTime();
  const leftMs = Math.max(0, end.getTime() - at.getTime());
  const diff = to.price_cents - from.price_cents;
  const daysInPeriod = Math.round(periodMs / 86_400_000);
  const daysLeft = Math.ceil(leftMs / 86_400_000);
  if (diff <= 0) return { cents: 0, daysLeft, daysInPeriod };
  return { cents: Math.round((diff * leftMs) / periodMs), daysLeft, daysInPeriod };
}
