/**
 * Accent colours for the player UI, derived from a project's primary colour so text on white and
 * white text on the accent both meet WCAG AA (4.5:1). The primary colour is darkened in small
 * steps until it does; a colour that already passes is kept as is.
 */
export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return "#" + [r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: string, b: string): number {
  const la = luminance(parseHex(a)!);
  const lb = luminance(parseHex(b)!);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const MIN_CONTRAST = 4.5;

type TAccent = { accent: string; on_accent: string; contrast: number };

// A pure function of the colour, asked on every lobby and widget load (up to 40 darkening steps,
// each re-parsing hex): the answers for the colours seen lately are kept, at most 256.
const accents = new Map<string, TAccent>();

export function deriveAccent(primary: string): TAccent {
  let known = accents.get(primary);
  if (!known) {
    if (accents.size >= 256) accents.clear();
    known = computeAccent(primary);
    accents.set(primary, known);
  }
  return { ...known };
}

function computeAccent(primary: string): TAccent {
  let rgb = parseHex(primary) ?? [79, 70, 229];
  for (let i = 0; i < 40 && contrastRatio(toHex(rgb), "#ffffff") < MIN_CONTRAST; i++) {
    rgb = [rgb[0] * 0.93, rgb[1] * 0.93, rgb[2] * 0.93];
  }
  const accent = toHex(rgb);
  return { accent, on_accent: "#ffffff", contrast: Math.round(contrastRatio(accent, "#ffffff") * 100) / 100 };
}

export function normaliseHex(hex: string): string {
  return toHex(parseHex(hex)!);
}
