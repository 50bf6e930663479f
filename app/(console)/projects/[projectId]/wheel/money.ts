/**
 * Budgets and prize costs travel in minor currency units (cents) and are shown and typed as money
 * with two decimals. The wheel has no currency of its own: it is whatever the operator pays in.
 */

/** For an input: "50.00", no grouping, so it reads back the same. */
export function moneyInput(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.round(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * What an admin typed, in minor units; null when it is not an amount. Accepts "50", "50.5",
 * "50,50", "1 234.56" and "1,234.56"; a sign is kept so the server can say why it is refused.
 */
export function parseMoney(text: string): number | null {
  let t = text.trim().replace(/[\s\u00a0']/g, "");
  if (t.includes(",") && t.includes(".")) t = t.replaceAll(",", "");
  t = t.replace(",", ".");
  const m = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const minor = Number(m[2]) * 100 + Number((m[3] ?? "").padEnd(2, "0"));
  return m[1] === "-" && minor !== 0 ? -minor : minor;
}

/** For reading: "1,234.50". Amounts under a cent keep their digits ("0.0235"), as costs per spin are. */
export function formatMoney(minor: number): string {
  const major = minor / 100;
  const small = major !== 0 && Math.abs(major) < 0.01;
  return major.toLocaleString("en-US", { minimumFractionDigits: small ? 4 : 2, maximumFractionDigits: small ? 4 : 2 });
}

export function formatCount(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

/** A share as a percentage with one decimal ("12.5%"), two under one percent. */
export function formatShare(share: number): string {
  const pct = share * 100;
  return `${pct.toFixed(pct > 0 && pct < 1 ? 2 : 1)}%`;
}
