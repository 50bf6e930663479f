import type { TLineItem } from "./invoice-model";
import type { TPlan } from "./plans";

/**
 * What a closed period charges. `began`: the plan the period began on; `ended`: the plan it ended on;
 * `onBegan`: the share of the period spent on `began` (1 when nothing changed). The fee is `began`'s
 * — an upgrade's proration invoice already paid the new plan's difference for the rest of the period.
 * The included players and the overage rate are each plan's weighted by the time spent on it, so an
 * upgrade on the 2nd brings nearly the new plan's allowance for that month, and one in its last hour
 * nearly nothing (an upgrade just before the close does not wipe out the month's overage).
 */
export function periodCharges(o: { began: TPlan; ended: TPlan; onBegan: number; mau: number }): TLineItem[] {
  const f = Math.min(1, Math.max(0, o.onBegan));
  const lines: TLineItem[] = [];
  if (o.began.price_cents > 0) lines.push({ description: `${o.began.name} plan`, quantity: 1, unit_cents: o.began.price_cents, amount_cents: o.began.price_cents });
  const included = Math.round(o.began.included_mau * f + o.ended.included_mau * (1 - f));
  const rate = Math.round((o.began.overage_cents_per_1000 ?? 0) * f + (o.ended.overage_cents_per_1000 ?? 0) * (1 - f));
  const extra = Math.max(0, o.mau - included);
  if (extra > 0 && rate > 0) {
    const blocks = Math.ceil(extra / 1000);
    lines.push({ description: `${extra.toLocaleString("en-US")} players above ${included.toLocaleString("en-US")} (per started 1,000)`, quantity: blocks, unit_cents: rate, amount_cents: blocks * rate });
  }
  return lines;
}
