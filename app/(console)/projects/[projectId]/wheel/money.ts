import { currencyExponent, DEFAULT_LOCALE, formatMoney as formatMinor } from "@/i18n/format";
import { useProject } from "../use-project";

/**
 * Budgets and prize costs travel in the minor units of the project's currency (`currency`, ISO
 * 4217: cents for USD, whole yen for JPY, thousandths for BHD) and are shown and typed in its major
 * unit with as many decimals as it has.
 */

/** The project's currency, for the wheel's money (US dollars until the project has loaded). */
export function useCurrency(): string {
  return useProject().data?.currency ?? "USD";
}

/** For an input: "50.00" (USD), "5000" (JPY); no grouping, no symbol, so it reads back the same. */
export function moneyInput(minor: number, currency: string): string {
  const e = currencyExponent(currency);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.round(minor));
  const unit = 10 ** e;
  return e === 0 ? `${sign}${abs}` : `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(e, "0")}`;
}

/**
 * What an admin typed, in minor units; null when it is not an amount in this currency (more
 * decimals than it has). Accepts "50", "50.5", "50,50", "1 234.56" and "1,234.56"; a sign is kept
 * so the server can say why it is refused.
 */
export function parseMoney(text: string, currency: string): number | null {
  const e = currencyExponent(currency);
  let t = text.trim().replace(/[\s\u00a0']/g, "");
  if (t.includes(",") && t.includes(".")) t = t.replaceAll(",", "");
  else if (e === 0 && /^-?\d{1,3}(,\d{3})+$/.test(t)) t = t.replaceAll(",", "");
  t = t.replace(",", ".");
  const m = new RegExp(`^(-?)(\\d{1,13})${e > 0 ? `(?:\\.(\\d{1,${e}}))?` : ""}$`).exec(t);
  if (!m) return null;
  const minor = Number(m[2]) * 10 ** e + (e > 0 ? Number((m[3] ?? "").padEnd(e, "0")) : 0);
  return m[1] === "-" && minor !== 0 ? -minor : minor;
}

/** For reading, with the currency: "$1,234.50", "¥5,000". Amounts under one minor unit keep two more digits ("$0.0035"), as costs per spin are. */
export function formatMoney(minor: number, currency: string): string {
  return formatMinor(minor, currency, DEFAULT_LOCALE, minor !== 0 && Math.abs(minor) < 1 ? 2 : 0);
}

export function formatCount(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

/** A rate with up to two decimals ("0.43", "12.5", "3"): spins a day over a quiet week are often under one. */
export function formatRate(n: number): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: 2 });
}

/** A share as a percentage with one decimal ("12.5%"), two under one percent. */
export function formatShare(share: number): string {
  const pct = share * 100;
  return `${pct.toFixed(pct > 0 && pct < 1 ? 2 : 1)}%`;
}
