// Tiny DOM helpers: no framework, so the shell stays small and starts fast on
// old phones. Text always goes through text nodes (never innerHTML) because
// titles and codes come from the server; only constant SVG markup is parsed.

import { formatNumber as formatWhole } from "@/i18n/format";
import { language } from "./i18n";

export type Child = Node | string | number | null | undefined | false;
type AttrValue = string | number | boolean | null | undefined | ((ev: Event) => void);
export type Attrs = Record<string, AttrValue>;

export const SVG_NS = "http://www.w3.org/2000/svg";

function applyAttrs(el: Element, attrs: Attrs | null | undefined): void {
  if (!attrs) return;
  for (const key of Object.keys(attrs)) {
    const v = attrs[key];
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === "function") el.addEventListener(key.slice(2).toLowerCase(), v);
    else if (key === "class") el.setAttribute("class", String(v));
    else el.setAttribute(key, v === true ? "" : String(v));
  }
}

export function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
  }
}

/** h("div", { class: "x", onclick: fn }, "text", child) */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  applyAttrs(el, attrs);
  append(el, children);
  return el;
}

/** An <svg> element from constant inner markup (never server data). */
export function svg(viewBox: string, inner: string, cls?: string): SVGSVGElement {
  const el = document.createElementNS(SVG_NS, "svg");
  el.setAttribute("viewBox", viewBox);
  el.setAttribute("aria-hidden", "true");
  el.setAttribute("focusable", "false");
  if (cls) el.setAttribute("class", cls);
  el.innerHTML = inner;
  return el;
}

/** <svg><use href="#id"/></svg>: many icons share one <symbol>, keeping the DOM light. */
export function useIcon(id: string, cls?: string): SVGSVGElement {
  const el = svg("0 0 100 100", "", cls);
  const use = document.createElementNS(SVG_NS, "use");
  use.setAttribute("href", `#${id}`);
  // Safari < 12.1 only understands xlink:href
  use.setAttributeNS("http://www.w3.org/1999/xlink", "xlink:href", `#${id}`);
  el.appendChild(use);
  return el;
}

export function num(v: unknown, fallback = 0): number {
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

/** A whole number in the shell's language (its digits and thousands separators). */
export function formatNumber(n: number): string {
  return formatWhole(Math.round(n), language());
}
