/**
 * Saying a message of the catalogue: the compiled form of an ICU MessageFormat string (compiled
 * from the catalogue by i18n/compile.ts with the formatjs parser; the shell receives it compiled,
 * so the parser never ships to players) filled in with values through `Intl` — numbers in the
 * language's digits and separators, plurals by the language's own categories (`Intl.PluralRules`:
 * one/other in German, other only in Japanese, zero/one/two/few/many/other in Arabic). Pure.
 */

import { formatNumber, plural } from "./format";

/** A compiled message part: the formatjs AST's node kinds the catalogue may use (literal, argument, number, select, plural, #). */
export type TNode =
  | { type: 0; value: string }
  | { type: 1; value: string }
  | { type: 2; value: string }
  | { type: 5; value: string; options: Record<string, { value: TNode[] }> }
  | { type: 6; value: string; options: Record<string, { value: TNode[] }>; offset: number; pluralType: "cardinal" | "ordinal" }
  | { type: 7 };

/** A compiled catalogue: a plain string where the message has no arguments. */
export type TCompiledCatalogue = Record<string, string | TNode[]>;

export type TValues = Record<string, string | number>;


function say(nodes: TNode[], values: TValues, lang: string, pound: number | null): string {
  let out = "";
  for (const n of nodes) {
    switch (n.type) {
      case 0:
        out += n.value;
        break;
      case 1:
      case 2: {
        const v = values[n.value];
        out += typeof v === "number" ? formatNumber(v, lang) : (v ?? `{${n.value}}`);
        break;
      }
      case 5: {
        const v = String(values[n.value] ?? "other");
        out += say((n.options[v] ?? n.options.other)?.value ?? [], values, lang, pound);
        break;
      }
      case 6: {
        const v = Number(values[n.value] ?? 0);
        const exact = n.options[`=${v}`];
        const k = v - n.offset;
        const option = exact ?? n.options[plural(lang, n.pluralType).select(k)] ?? n.options.other;
        out += say(option?.value ?? [], values, lang, k);
        break;
      }
      case 7:
        out += pound === null ? "#" : formatNumber(pound, lang);
        break;
    }
  }
  return out;
}

/** One message, said in `lang` with `values`. */
export function formatMessage(message: string | TNode[], values: TValues, lang: string): string {
  return typeof message === "string" ? message : say(message, values, lang, null);
}

export type TTranslate = (key: string, values?: TValues) => string;

/** A translator over a compiled catalogue, falling back to `fallback` (the source language's) for a key it lacks, and to the key itself last. */
export function translator(lang: string, catalogue: TCompiledCatalogue, fallback?: TCompiledCatalogue): TTranslate {
  return (key, values = {}) => {
    const m = catalogue[key] ?? fallback?.[key];
    return m === undefined ? key : formatMessage(m, values, lang);
  };
}
