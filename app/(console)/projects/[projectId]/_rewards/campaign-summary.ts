import type { TBadgeTone } from "@/app/_components/Badge";
import { formatShortDateTime } from "./format";
import type { TCampaign } from "./types";

type TTitleOf = (id: string | null | undefined) => string | null;

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

function levelRange(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return min === max ? `level ${min}` : `level ${min}–${max}`;
  if (min !== undefined) return `level ${min} or higher`;
  if (max !== undefined) return `level 1–${max}`;
  return "level";
}

/** The trigger in words: "Win any Gem Match level 1–5", "Complete the Gem Match track", "Play 7 days in a row". */
export function triggerSummary(type: string, params: Record<string, unknown>, titleOf: TTitleOf): string {
  const game = titleOf(str(params.mechanic));
  if (type === "game_won") {
    const range = levelRange(num(params.level_min), num(params.level_max));
    return `Win any ${game ? `${game} ` : ""}${range}${game ? "" : " of any game"}`;
  }
  if (type === "track_completed") return game ? `Complete every ${game} level` : "Complete every level of any game";
  if (type === "streak_reached") return `Play ${num(params.days) ?? "?"} days in a row`;
  return type;
}

function money(minor: number, currency: string | undefined): string {
  if (!currency) return `${minor} (minor units)`;
  try {
    const f = new Intl.NumberFormat(undefined, { style: "currency", currency });
    return f.format(minor / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${minor} ${currency}`;
  }
}

/**
 * The reward in words: "10% off promo code (SAVE…)", "250 points", "Gift: SKU-1". An amount
 * without its own currency is in the project's (`projectCurrency`), as Insights values it.
 */
export function rewardSummary(type: string, meta: Record<string, unknown>, projectCurrency?: string): string {
  if (type === "promo_code") {
    const pct = num(meta.discount_percent);
    const minor = num(meta.discount_minor);
    const off = pct !== undefined ? `${pct}% off` : minor !== undefined ? `${money(minor, str(meta.currency) ?? projectCurrency)} off` : "Promo";
    const prefix = str(meta.code_prefix);
    return `${off} code${prefix ? ` (${prefix}…)` : ""}`;
  }
  if (type === "points") return `${(num(meta.amount) ?? 0).toLocaleString()} points`;
  if (type === "free_shipping") {
    const min = num(meta.min_order_minor);
    return min ? `Free shipping over ${money(min, str(meta.currency) ?? projectCurrency)}` : "Free shipping";
  }
  if (type === "gift") return `Gift: ${str(meta.sku) ?? "?"}`;
  const keys = Object.keys(meta).length;
  return `Custom reward (${keys} field${keys === 1 ? "" : "s"})`;
}

/** When the campaign may fire, in words. */
export function windowSummary(c: Pick<TCampaign, "starts_at" | "ends_at">): string {
  if (c.starts_at && c.ends_at) return `${formatShortDateTime(c.starts_at)} – ${formatShortDateTime(c.ends_at)}`;
  if (c.starts_at) return `From ${formatShortDateTime(c.starts_at)}`;
  if (c.ends_at) return `Until ${formatShortDateTime(c.ends_at)}`;
  return "Always on";
}

/** The status an admin cares about: an active campaign outside its window does not fire either. */
export function campaignState(c: TCampaign, now: number): { label: string; tone: TBadgeTone } {
  if (c.status === "paused") return { label: "Paused", tone: "amber" };
  if (c.status === "archived") return { label: "Archived", tone: "neutral" };
  if (c.starts_at && new Date(c.starts_at).getTime() > now) return { label: "Scheduled", tone: "brand" };
  if (c.ends_at && new Date(c.ends_at).getTime() <= now) return { label: "Ended", tone: "neutral" };
  if (c.max_total !== null && c.claims_count >= c.max_total) return { label: "Sold out", tone: "neutral" };
  return { label: "Active", tone: "green" };
}
