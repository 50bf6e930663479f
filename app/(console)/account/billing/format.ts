/** US cents as dollars: 4900 → "$49", 2450 → "$24.50". */
export function money(cents: number): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

export { formatNumber as count, formatDay as dayOf } from "@/i18n/format";

export function monthOf(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

/**
 * What upgrading now costs for the rest of the period, by the service's rule (prorationCents in
 * server/domain/money/billing/plans.ts): the price difference × whole days left, today included,
 * over the period's days, rounded to the cent. The invoice is the authority; the billing e2e test
 * checks that the invoice charges what this quote said.
 */
export function upgradeQuote(fromCents: number, toCents: number, period: { start: string; end: string }, now: Date = new Date()) {
  const day = 86_400_000;
  const start = new Date(period.start).getTime();
  const end = new Date(period.end).getTime();
  const daysInPeriod = Math.round((end - start) / day);
  const daysLeft = Math.ceil(Math.max(0, end - now.getTime()) / day);
  const differenceCents = Math.max(0, toCents - fromCents);
  return { cents: Math.round((differenceCents * daysLeft) / daysInPeriod), daysLeft, daysInPeriod, differenceCents };
}
