import { contentLanguage, LANGUAGE_CODES, matchLanguage, PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from "@/i18n/languages";
import type { TWheelDraft } from "./draft-model";

type TRules = TWheelDraft["rules"];
type TSegment = TWheelDraft["segments"][number];

/**
 * Which language a player's wheel speaks. The rules are legal text, so the wheel only speaks a
 * language they are written in: the language of `rules.text` (the project's default when the draft
 * names none) or one of `rules.translations`. A player whose language has no rules sees the wheel
 * in the rules' own language, screen and rules alike, never a mix. Pure.
 */

const order = (code: string) => LANGUAGE_CODES.indexOf(code);

/** The languages a wheel's rules are written in: the language of `text` first, then the shell's order. */
export function rulesLanguages(rules: TRules, projectDefault: string): string[] {
  const own = rules.language ?? projectDefault;
  const others = Object.keys(rules.translations ?? {}).filter((l) => l !== own);
  return [own, ...others.sort((a, b) => order(a) - order(b))];
}

/**
 * The first of a player's wishes (the `lang` parameter, then the shell's `Accept-Language`) the
 * rules are written in, else the rules' own language. The pseudo-locale (tests) reads English rules.
 */
export function wheelLanguage(rules: TRules, projectDefault: string, wishes: readonly (string | null | undefined)[]): string {
  const langs = rulesLanguages(rules, projectDefault);
  for (const wish of wishes) {
    if (!wish) continue;
    if (wish === PSEUDO_LANGUAGE) {
      if (langs.includes(SOURCE_LANGUAGE)) return PSEUDO_LANGUAGE;
      continue;
    }
    const m = matchLanguage(wish, langs);
    if (m) return m;
  }
  return langs[0]!;
}


/** The rules as a player reads them in `lang` (one of rulesLanguages, or the pseudo-locale). */
export function rulesIn(rules: TRules, lang: string, projectDefault: string) {
  const own = rules.language ?? projectDefault;
  const l = contentLanguage(lang);
  return {
    text: l === own ? rules.text : (rules.translations?.[l] ?? rules.text),
    organizer: rules.organizer,
    lang,
    languages: rulesLanguages(rules, projectDefault),
  };
}

/** A segment's label in `lang`: its translation, else as written. */
export function labelIn(segment: Pick<TSegment, "label" | "label_translations">, lang: string): string {
  return segment.label_translations?.[contentLanguage(lang)] ?? segment.label;
}
