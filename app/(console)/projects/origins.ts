/** One origin per line (commas also separate); blanks dropped, duplicates removed. */
export function parseOrigins(text: string): string[] {
  return [...new Set(text.split(/[\n,]/).map((s) => s.trim().replace(/\/+$/, "")).filter(Boolean))];
}

/** A client-side check that mirrors the server's origin rule, for instant feedback. */
export function originProblem(origins: string[]): string | null {
  for (const [i, o] of origins.entries()) {
    let ok = false;
    try {
      const u = new URL(o);
      ok = (u.protocol === "https:" || u.protocol === "http:") && u.origin === o;
    } catch {
      ok = false;
    }
    if (!ok) return `Line ${i + 1}: "${o}" is not an origin like https://shop.example (no path).`;
  }
  return origins.length > 50 ? "At most 50 origins." : null;
}
