// Gem artwork for match3 tiles (and goal icons in the shell). Every colour
// also has its own silhouette so the board is readable without colour vision.
// Each gem is one <symbol> in a hidden sprite, created on first use, and
// tiles reference it with <use>: 64 tiles cost 64 tiny nodes, not 64 copies.
import { SVG_NS } from "./dom";

type GemStyle = { light: string; base: string; dark: string; shape: string };

const SHAPES = {
  circle: "M50 8a42 42 0 1 1 0 84a42 42 0 1 1 0-84z",
  diamond: "M50 5L93 50L50 95L7 50z",
  hexagon: "M29 9H71L93 50L71 91H29L7 50z",
  star: "M50 5L62 36L95 38L69 59L78 92L50 73L22 92L31 59L5 38L38 36z",
  triangle: "M50 7L94 86Q96 90 91 90H9Q4 90 6 86z",
  square: "M26 10H74Q90 10 90 26V74Q90 90 74 90H26Q10 90 10 74V26Q10 10 26 10z",
  octagon: "M33 7H67L93 33V67L67 93H33L7 67V33z",
  drop: "M50 5C68 32 86 48 86 66A36 30 0 0 1 14 66C14 48 32 32 50 5z",
};

const KNOWN: Record<string, GemStyle> = {
  red: { light: "#ff8a8a", base: "#ef3b4b", dark: "#a3162a", shape: SHAPES.circle },
  blue: { light: "#8fd0ff", base: "#2f86f6", dark: "#1746a8", shape: SHAPES.diamond },
  green: { light: "#8ff0b0", base: "#22b35e", dark: "#0f6e3a", shape: SHAPES.hexagon },
  yellow: { light: "#fff2a1", base: "#ffc928", dark: "#c27c00", shape: SHAPES.star },
  purple: { light: "#dab3ff", base: "#9b4dff", dark: "#5a1fa8", shape: SHAPES.triangle },
  orange: { light: "#ffc38a", base: "#ff8a1f", dark: "#b34d00", shape: SHAPES.square },
};
const FALLBACK_SHAPES = [SHAPES.octagon, SHAPES.drop, SHAPES.circle, SHAPES.diamond];

const SPRITE_ID = "plq-sprite";

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Style for a colour id: the known palette, else a stable hue from the name. */
function styleFor(colour: string): GemStyle {
  const known = KNOWN[colour];
  if (known) return known;
  const n = hash(colour);
  const hue = n % 360;
  return {
    light: `hsl(${hue},90%,78%)`,
    base: `hsl(${hue},75%,52%)`,
    dark: `hsl(${hue},70%,30%)`,
    shape: FALLBACK_SHAPES[n % FALLBACK_SHAPES.length] as string,
  };
}

function sprite(): SVGSVGElement {
  let el = document.getElementById(SPRITE_ID) as SVGSVGElement | null;
  if (el) return el;
  el = document.createElementNS(SVG_NS, "svg");
  el.id = SPRITE_ID;
  el.setAttribute("aria-hidden", "true");
  el.setAttribute("width", "0");
  el.setAttribute("height", "0");
  el.style.position = "absolute";
  el.style.width = "0";
  el.style.height = "0";
  el.style.overflow = "hidden";
  el.innerHTML =
    '<defs><linearGradient id="plq-g-stone" x1="0" y1="0" x2="1" y2="1">' +
    '<stop offset="0" stop-color="#d9dee7"/><stop offset="1" stop-color="#8d96a5"/></linearGradient></defs>' +
    '<symbol id="plq-blocker" viewBox="0 0 100 100">' +
    '<rect x="7" y="7" width="86" height="86" rx="20" fill="url(#plq-g-stone)" stroke="#5b6473" stroke-width="4"/>' +
    '<path d="M28 18l12 20-9 15 15 14M72 28L60 45l13 13M45 82l8-12" stroke="#5b6473" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>' +
    "</symbol>";
  (document.body || document.documentElement).appendChild(el);
  return el;
}

/** Symbol id used with useIcon(); safe for any colour string (ids are hashed). */
export function gemSymbol(colour: string): string {
  const key = /^[a-z]{1,16}$/.test(colour) ? colour : `x${hash(colour).toString(36)}`;
  const id = `plq-gem-${key}`;
  if (document.getElementById(id)) return id;
  const s = styleFor(colour);
  const host = sprite();
  const grad = document.createElementNS(SVG_NS, "linearGradient");
  grad.id = `${id}-g`;
  for (const [k, v] of [["x1", "0.15"], ["y1", "0"], ["x2", "0.85"], ["y2", "1"]]) grad.setAttribute(k as string, v as string);
  grad.innerHTML = `<stop offset="0" stop-color="${s.light}"/><stop offset=".55" stop-color="${s.base}"/><stop offset="1" stop-color="${s.dark}"/>`;
  const sym = document.createElementNS(SVG_NS, "symbol");
  sym.id = id;
  sym.setAttribute("viewBox", "0 0 100 100");
  sym.innerHTML =
    `<path d="${s.shape}" fill="url(#${id}-g)" stroke="${s.dark}" stroke-width="4" stroke-linejoin="round"/>` +
    // inner facet: the same outline, smaller and lighter, reads as a cut stone
    `<path d="${s.shape}" fill="#fff" opacity=".22" transform="translate(50 52) scale(.52) translate(-50 -50)"/>` +
    '<ellipse cx="37" cy="31" rx="12" ry="6.5" fill="#fff" opacity=".6" transform="rotate(-32 37 31)"/>';
  host.appendChild(grad);
  host.appendChild(sym);
  return id;
}

export const BLOCKER_SYMBOL = "plq-blocker";

/** Makes sure the sprite (with the blocker symbol) exists. */
export function ensureSprite(): void {
  sprite();
}
