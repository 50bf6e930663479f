/**
 * One way to say a figure: numbers, counts with their noun, percentages, durations, money and days,
 * built on `Intl` with the locale passed in (default English), so the console, the service's
 * written summaries and the play shell say the same figure the same way — and the play shell's
 * languages reuse it. Pure: no clock, no I/O; formatters are cached per locale.
 */
export const DEFAULT_LOCALE = "en-US";

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${locale}|${key}`;
  let f = numberFormats.get(id);
  if (!f) numberFormats.set(id, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

const pluralRules = new Map<string, Intl.PluralRules>();
/** The language's plural rules (cardinal: "1 ticket, 2 tickets"; ordinal: "1st, 2nd"), made once per language. */
export function plural(locale: string, type: "cardinal" | "ordinal" = "cardinal"): Intl.PluralRules {
  const id = `${locale}|${type}`;
  let r = pluralRules.get(id);
  if (!r) pluralRules.set(id, (r = new Intl.PluralRules(locale, { type })));
  return r;
}

/** 1234.5 → "1,234.5". */
export function formatNumber(n: number, locale: string = DEFAULT_LOCALE): string {
  return numberFormat(locale, "n", { maximumFractionDigits: 2 }).format(n);
}

/** A noun's forms by plural category; `other` is required, `one` (and the rest) where the language has them. */
export type TNoun = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** 1 → "1 session", 2 → "2 sessions", 1000 → "1,000 sessions": the noun agrees with the number. */
export function formatCount(n: number, noun: TNoun, locale: string = DEFAULT_LOCALE): string {
  return `${formatNumber(n, locale)} ${noun[plural(locale).select(n)] ?? noun.other}`;
}

/** A 0–1 rate as a percentage with one decimal: 0.125 → "12.5%"; unknown (null) → "—". */
export function formatPercent(rate: number | null | undefined, locale: string = DEFAULT_LOCALE): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return "—";
  return numberFormat(locale, "pct", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rate);
}

function unit(locale: string, u: "hour" | "minute" | "second", n: number): string {
  return numberFormat(locale, `u-${u}`, { style: "unit", unit: u, unitDisplay: "short" }).format(n);
}

/**
 * A length of time in seconds, rounded to the whole second first (so 119.6 s is "2 min", never
 * "1 min 60 sec"), then said in its two largest units: "45 sec", "1 min 5 sec", "2 hr 3 min".
 * Under half a second: "< 1 sec"; unknown (null): "—".
 */
export function formatDuration(seconds: number | null | undefined, locale: string = DEFAULT_LOCALE): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "—";
  const total = Math.round(Math.max(0, seconds));
  if (total === 0) return `< ${unit(locale, "second", 1)}`;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return m > 0 ? `${unit(locale, "hour", h)} ${unit(locale, "minute", m)}` : unit(locale, "hour", h);
  if (m > 0) return s > 0 ? `${unit(locale, "minute", m)} ${unit(locale, "second", s)}` : unit(locale, "minute", m);
  return unit(locale, "second", s);
}

/** How many decimal places a currency's minor unit has (ISO 4217): USD 2, JPY 0, BHD 3. */
export function currencyExponent(currency: string): number {
  return numberFormat("en-US", `cur-${currency}`, { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An amount in the currency's minor units: (490, "USD") → "$4.90"; (500, "JPY") → "¥500". `extraDigits`
 * shows that many more decimals (a cost per spin under one cent: "$0.0035").
 */
export function formatMoney(minor: number, currency: string, locale: string = DEFAULT_LOCALE, extraDigits = 0): string {
  const exponent = currencyExponent(currency);
  const digits = exponent + extraDigits;
  return numberFormat(locale, `money-${currency}-${digits}`, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** exponent);
}

/** A UTC calendar day ("2026-11-28" or an instant) as people write it: "Nov 28, 2026". */
export function formatDay(day: string | Date, locale: string = DEFAULT_LOCALE): string {
  const at = typeof day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : new Date(day);
  return at.toLocaleDateString(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}
