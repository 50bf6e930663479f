/** The currencies offered first (any ISO 4217 code is accepted by the API), most used by shops. */
export const CURRENCY_CHOICES = ["USD", "EUR", "GBP", "JPY", "CAD", "AUD", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "BRL", "MXN", "INR", "KRW", "CNY", "SGD", "NZD", "ZAR"];

/** "EUR — Euro (€)". */
export function currencyLabel(code: string): string {
  const name = new Intl.DisplayNames(["en"], { type: "currency" }).of(code) ?? code;
  const symbol = new Intl.NumberFormat("en-US", { style: "currency", currency: code, currencyDisplay: "narrowSymbol" }).formatToParts(0).find((p) => p.type === "currency")?.value;
  return symbol && symbol !== code ? `${code} — ${name} (${symbol})` : `${code} — ${name}`;
}
