/** The currencies offered first (any ISO 4217 code is accepted by the API), most used by shops. */
export const CURRENCY_CHOICES = ["USD", "EUR", "GBP", "JPY", "CAD", "AUD", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "BRL", "MXN", "INR", "KRW", "CNY", "SGD", "NZD", "ZAR"];

const names = new Intl.DisplayNames(["en"], { type: "currency" });
const labels = new Map<string, string>();

/** "EUR — Euro (€)" (made once per code). */
export function currencyLabel(code: string): string {
  const known = labels.get(code);
  if (known) return known;
  const name = names.of(code) ?? code;
  const symbol = new Intl.NumberFormat("en-US", { style: "currency", currency: code, currencyDisplay: "narrowSymbol" }).formatToParts(0).find((p) => p.type === "currency")?.value;
  const label = symbol && symbol !== code ? `${code} — ${name} (${symbol})` : `${code} — ${name}`;
  labels.set(code, label);
  return label;
}
