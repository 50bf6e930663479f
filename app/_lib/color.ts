/** WCAG 2 colour helpers for the live brand-colour preview. */

export function isHex(v: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(v);
}

/** What is wrong with a colour being typed, in words (null when it is a valid #rrggbb). */
export function colorProblem(v: string): string | null {
  if (isHex(v)) return null;
  if (!v) return "Enter a colour, like #4F46E5.";
  if (!v.startsWith("#")) return "Start with #, like #4F46E5.";
  if (/[^0-9a-fA-F]/.test(v.slice(1))) return "Use only the digits 0–9 and letters A–F after the #.";
  return `A colour has 6 digits after the #, like #4F46E5 (this one has ${v.length - 1}).`;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Whichever of white or near-black reads better on `hex`. */
export function textOn(hex: string): string {
  return contrast(hex, "#ffffff") >= contrast(hex, "#0f172a") ? "#ffffff" : "#0f172a";
}
