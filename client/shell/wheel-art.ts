// Draws the prize wheel as one SVG: equal slices (players never see weights),
// each with its icon and label reading outwards, a rim with lights and a hub.
// Labels and icon URLs come from the server: labels go in as text nodes, and
// icons only from our own /v1/game-assets path.
import { SVG_NS } from "../shared/dom";
import { t } from "../shared/i18n";
import type { WheelSegment } from "../shared/types";
import { sliceDeg, slicePath } from "./wheel-math";

const C = 100;
const R = 92;
const PALETTE = ["#6c5ce7", "#ff8a3d", "#22b35e", "#2f86f6", "#ef3b4b", "#ffc928", "#9b4dff", "#12b5b0"];
const NOTHING = "#e8e6f5";

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

const safeIcon = (url: string) => (/^\/v1\/game-assets\/wheel\/icons\/[a-z_]+\.svg$/.test(url) ? url : "");

/** Slice colours: a cheerful palette; "nothing" slices stay pale so prizes stand out. */
function colourOf(seg: WheelSegment, i: number, n: number): string {
  if (!seg.award) return NOTHING;
  // never two neighbours alike, also across the wrap-around
  const c = PALETTE[i % PALETTE.length] as string;
  return i === n - 1 && n % PALETTE.length === 1 ? (PALETTE[2] as string) : c;
}

/**
 * A label's width in the wheel's units (bold, 8.5 units high), estimated per character: a CJK or
 * other full-width character is about a square, an Arabic one 0.7 of it, a Latin or Cyrillic one 0.6.
 * A label wider than its slice's room is squeezed to fit, never drawn under the hub.
 */
function labelWidth(label: string): number {
  let w = 0;
  for (const ch of label) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 8.6 : /[\u0600-\u06ff]/.test(ch) ? 6 : 5.2;
  return w;
}

export function drawWheel(segments: WheelSegment[], assetBase = ""): SVGSVGElement {
  const n = segments.length;
  const s = sliceDeg(n);
  const root = el("svg", { viewBox: "0 0 200 200", class: "plq-wheel-svg", role: "img", "aria-label": t("wheel.picture", { count: n }) });
  root.appendChild(el("circle", { cx: C, cy: C, r: R + 6, fill: "#2a2158" }));
  segments.forEach((seg, i) => {
    root.appendChild(el("path", { d: slicePath(i, n, C, R), fill: colourOf(seg, i, n), stroke: "#fff", "stroke-width": 1.2, "data-segment": seg.id }));
    const mid = (i + 0.5) * s; // degrees clockwise from 12 o'clock
    const g = el("g", { transform: `rotate(${mid.toFixed(2)} ${C} ${C})` });
    const icon = safeIcon(seg.icon_url);
    const size = Math.min(26, Math.max(14, 150 / n));
    if (icon) g.appendChild(el("image", { href: assetBase + icon, x: C - size / 2, y: C - R + 8, width: size, height: size }));
    // the label runs along the slice's centre line, from under the icon towards the hub, stopping
    // short of the hub's ring (radius 17) so its first or last letter is never drawn against it
    const y0 = C - R + 8 + size + 3;
    const room = C - 17 - 3 - y0;
    const label = seg.label.length > 16 ? `${seg.label.slice(0, 15)}…` : seg.label;
    // on the right half the label reads from the hub out, on the left from the rim in: never upside down
    const right = mid > 0 && mid < 180;
    const text = el("text", { x: C, y: y0, dy: "0.35em", transform: `rotate(${right ? -90 : 90} ${C} ${y0})`, "text-anchor": right ? "end" : "start", class: "plq-wheel-label", translate: "no", fill: seg.award ? "#fff" : "#4b4870" });
    if (labelWidth(label) > room) {
      text.setAttribute("textLength", room.toFixed(1));
      text.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
    text.textContent = label;
    g.appendChild(text);
    root.appendChild(g);
  });
  // rim lights
  for (let i = 0; i < 24; i++) {
    const a = ((i * 15 - 90) * Math.PI) / 180;
    root.appendChild(el("circle", { cx: (C + (R + 3) * Math.cos(a)).toFixed(2), cy: (C + (R + 3) * Math.sin(a)).toFixed(2), r: 1.6, class: `plq-wheel-light${i % 2 ? " is-alt" : ""}` }));
  }
  root.appendChild(el("circle", { cx: C, cy: C, r: 15, fill: "#fff", stroke: "#2a2158", "stroke-width": 4 }));
  root.appendChild(el("circle", { cx: C, cy: C, r: 6, fill: "var(--accent)" }));
  return root;
}
