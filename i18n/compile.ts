import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import type { TCompiledCatalogue, TNode } from "./messages";

/**
 * The catalogue's ICU MessageFormat strings compiled for i18n/messages.ts by the formatjs parser
 * (run by the service and the build, never shipped to players), and what the unit check reads
 * from them: each message's arguments and plural categories. Only the kinds the shell's
 * formatter says are allowed — literal, {argument}, {n, number}, select, plural and # — so a
 * translation cannot use a form that would then print raw.
 */
export class MessageError extends Error {}

function strip(nodes: MessageFormatElement[], where: string): TNode[] {
  return nodes.map((n): TNode => {
    switch (n.type) {
      case TYPE.literal:
        return { type: 0, value: n.value };
      case TYPE.argument:
        return { type: 1, value: n.value };
      case TYPE.number:
        if (n.style) throw new MessageError(`${where}: {${n.value}, number, …} takes no style here`);
        return { type: 2, value: n.value };
      case TYPE.select:
        return { type: 5, value: n.value, options: Object.fromEntries(Object.entries(n.options).map(([k, o]) => [k, { value: strip(o.value, where) }])) };
      case TYPE.plural:
        return { type: 6, value: n.value, offset: n.offset, pluralType: n.pluralType ?? "cardinal", options: Object.fromEntries(Object.entries(n.options).map(([k, o]) => [k, { value: strip(o.value, where) }])) };
      case TYPE.pound:
        return { type: 7 };
      default:
        throw new MessageError(`${where}: only literals, {arguments}, numbers, select, plural and # are supported`);
    }
  });
}

/** One message compiled: a plain string when it is only text. Throws MessageError on a syntax error or an unsupported form. */
export function compileMessage(text: string, where = "message"): string | TNode[] {
  let ast: MessageFormatElement[];
  try {
    ast = parse(text, { ignoreTag: true, requiresOtherClause: true });
  } catch (e) {
    throw new MessageError(`${where}: ${(e as Error).message}`);
  }
  const nodes = strip(ast, where);
  return nodes.every((n) => n.type === 0) ? nodes.map((n) => (n as { value: string }).value).join("") : nodes;
}

export function compileCatalogue(messages: Readonly<Record<string, string>>): TCompiledCatalogue {
  return Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, compileMessage(v, k)]));
}

function walk(nodes: TNode[] | string, visit: (n: TNode) => void): void {
  if (typeof nodes === "string") return;
  for (const n of nodes) {
    visit(n);
    if (n.type === 5 || n.type === 6) for (const o of Object.values(n.options)) walk(o.value, visit);
  }
}

/** The arguments a message uses ({name}, plural and select variables). */
export function argumentsOf(message: string | TNode[]): string[] {
  const names = new Set<string>();
  walk(message, (n) => {
    if (n.type !== 0 && n.type !== 7) names.add(n.value);
  });
  return [...names].sort();
}

/** Each plural of a message: its variable and the categories it gives (exact =N matches left out). */
export function pluralsOf(message: string | TNode[]): Array<{ variable: string; categories: string[] }> {
  const found: Array<{ variable: string; categories: string[] }> = [];
  walk(message, (n) => {
    if (n.type === 6) found.push({ variable: n.value, categories: Object.keys(n.options).filter((k) => !k.startsWith("=")).sort() });
  });
  return found;
}

const ACCENTS: Record<string, string> = {
  a: "á", b: "ƀ", c: "ç", d: "ð", e: "é", f: "ƒ", g: "ĝ", h: "ĥ", i: "î", j: "ĵ", k: "ķ", l: "ļ", m: "ɱ", n: "ñ", o: "ö", p: "þ", q: "ǫ", r: "ŕ", s: "š", t: "ţ", u: "û", v: "ṽ", w: "ŵ", x: "ẋ", y: "ý", z: "ž",
  A: "Á", B: "Ɓ", C: "Ç", D: "Ð", E: "É", F: "Ƒ", G: "Ĝ", H: "Ĥ", I: "Î", J: "Ĵ", K: "Ķ", L: "Ļ", M: "Ṁ", N: "Ñ", O: "Ö", P: "Þ", Q: "Ǫ", R: "Ŕ", S: "Š", T: "Ţ", U: "Û", V: "Ṽ", W: "Ŵ", X: "Ẋ", Y: "Ý", Z: "Ž",
};

/** Marks that open and close every pseudo-locale message: text on a screen without them did not come from the catalogue. */
const PSEUDO_OPEN = "⟦";
const PSEUDO_CLOSE = "⟧";

function pseudoNodes(nodes: TNode[]): TNode[] {
  return nodes.map((n): TNode => {
    if (n.type === 0) {
      const accented = n.value.replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c);
      const letters = n.value.replace(/[^A-Za-z]/g, "").length;
      // 40 % longer: German and Finnish run about that much longer than English
      return { type: 0, value: accented + "·".repeat(Math.ceil(letters * 0.4)) };
    }
    if (n.type === 5 || n.type === 6) return { ...n, options: Object.fromEntries(Object.entries(n.options).map(([k, o]) => [k, { value: pseudoNodes(o.value) }])) };
    return n;
  });
}

/**
 * The pseudo-locale (en-XA) from the source catalogue: every letter accented, 40 % longer, each
 * message between ⟦ ⟧ — a screen in it shows text that skipped the catalogue (no marks) and boxes
 * too small for longer languages (overflow).
 */
export function pseudoCatalogue(source: TCompiledCatalogue): TCompiledCatalogue {
  return Object.fromEntries(
    Object.entries(source).map(([k, m]) => {
      const nodes: TNode[] = typeof m === "string" ? [{ type: 0, value: m }] : m;
      return [k, [{ type: 0, value: PSEUDO_OPEN }, ...pseudoNodes(nodes), { type: 0, value: PSEUDO_CLOSE }]];
    }),
  );
}
