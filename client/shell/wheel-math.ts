// Pure geometry of the prize wheel. Slices are equal (players never see the
// weights); slice i spans [i·s, (i+1)·s) degrees clockwise from the pointer
// at 12 o'clock, s = 360/n. The wheel turns clockwise; a rotation of r
// degrees brings the point at angle (360 − r mod 360) under the pointer.

/** Degrees per slice. */
export const sliceDeg = (n: number) => 360 / Math.max(1, n);

/** The slice under the pointer for a wheel rotated by `rotation` degrees. */
export function sliceAt(rotation: number, n: number): number {
  const s = sliceDeg(n);
  const under = (((360 - (rotation % 360)) % 360) + 360) % 360;
  return Math.min(n - 1, Math.floor(under / s));
}

/**
 * The final rotation for a spin that starts at `from` and must stop with slice `index` under the
 * pointer: at least `turns` full turns forward, landing at `offset` within the slice (−0.5…0.5 of
 * a slice around its centre; keep it inside ±0.35 so the pointer never sits on a border).
 */
export function landingRotation(from: number, index: number, n: number, turns = 5, offset = 0): number {
  const s = sliceDeg(n);
  const clamped = Math.max(-0.35, Math.min(0.35, offset));
  const target = (((360 - (index + 0.5 + clamped) * s) % 360) + 360) % 360; // rotation mod 360 that shows the point
  const base = from + turns * 360;
  const baseMod = ((base % 360) + 360) % 360;
  return base + ((target - baseMod + 360) % 360);
}

/** Where the pie slice i starts and ends as SVG arc points on a circle of radius r around (c, c). */
export function slicePath(i: number, n: number, c: number, r: number): string {
  const s = (sliceDeg(n) * Math.PI) / 180;
  const a0 = i * s - Math.PI / 2;
  const a1 = (i + 1) * s - Math.PI / 2;
  const p = (a: number) => `${(c + r * Math.cos(a)).toFixed(2)} ${(c + r * Math.sin(a)).toFixed(2)}`;
  if (n === 1) return `M ${c} ${c - r} A ${r} ${r} 0 1 1 ${c - 0.01} ${c - r} Z`;
  return `M ${c} ${c} L ${p(a0)} A ${r} ${r} 0 ${s > Math.PI ? 1 : 0} 1 ${p(a1)} Z`;
}
