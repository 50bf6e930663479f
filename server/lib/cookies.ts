/** A Cookie header's pairs, the first of each name kept, values percent-decoded where they decode. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const k = part.slice(0, eq).trim();
    if (!out.has(k)) {
      try {
        out.set(k, decodeURIComponent(part.slice(eq + 1).trim()));
      } catch {
        out.set(k, part.slice(eq + 1).trim());
      }
    }
  }
  return out;
}
