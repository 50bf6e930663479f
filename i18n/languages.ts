/**
 * The languages the play shell speaks, and how one is chosen. A language is offered to players
 * once its catalogue is complete (the unit check in i18n/catalogue.test.ts); `review` says
 * whether a native speaker has checked it against screenshots of the real screens. Pure.
 */
export type TLanguage = {
  /** BCP 47 tag, as `<html lang>` and `Accept-Language` write it. */
  code: string;
  /** The language's own name, as a player picks it. */
  name: string;
  dir: "ltr" | "rtl";
  /** source: the catalogue's own language; reviewed: checked by a native speaker on the screens; draft: written, not yet reviewed. */
  review: "source" | "reviewed" | "draft";
};

export const SOURCE_LANGUAGE = "en";

/** What the play shell speaks. The pseudo-locale (en-XA) is for tests and is never offered to players. */
export const LANGUAGES: readonly TLanguage[] = [
  { code: "en", name: "English", dir: "ltr", review: "source" },
  { code: "de", name: "Deutsch", dir: "ltr", review: "draft" },
  { code: "ja", name: "日本語", dir: "ltr", review: "draft" },
  { code: "ar", name: "العربية", dir: "rtl", review: "draft" },
  { code: "fr", name: "Français", dir: "ltr", review: "draft" },
  { code: "es", name: "Español", dir: "ltr", review: "draft" },
  { code: "it", name: "Italiano", dir: "ltr", review: "draft" },
  { code: "nl", name: "Nederlands", dir: "ltr", review: "draft" },
  { code: "pl", name: "Polski", dir: "ltr", review: "draft" },
  { code: "pt-BR", name: "Português (Brasil)", dir: "ltr", review: "draft" },
  { code: "sv", name: "Svenska", dir: "ltr", review: "draft" },
];

export const PSEUDO_LANGUAGE = "en-XA";

export const LANGUAGE_CODES: readonly string[] = LANGUAGES.map((l) => l.code);

/** A BCP 47 language tag as the shell takes one from a page or a request: "de", "pt-BR", "zh-Hant-TW". */
export function isLanguageTag(v: unknown): v is string {
  return typeof v === "string" && v.length <= 35 && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(v);
}

/** The languages a project offers its players: those it set, or every language the shell speaks (new ones included) when it set none. */
export function offeredLanguages(chosen: readonly string[]): readonly string[] {
  return chosen.length > 0 ? chosen : LANGUAGE_CODES;
}

/** A language's own name ("Deutsch"), or its code for one the shell does not speak. */
export function languageName(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

/** The language a site's own text (wheel rules, campaign messages) is read in: the pseudo-locale reads the source language's. */
export function contentLanguage(lang: string): string {
  return lang === PSEUDO_LANGUAGE ? SOURCE_LANGUAGE : lang;
}

/** The writing direction of a language (right to left for Arabic, Hebrew, Persian, Urdu). */
export function directionOf(code: string): "ltr" | "rtl" {
  return LANGUAGES.find((l) => l.code === code)?.dir ?? (/^(ar|he|fa|ur)(-|$)/i.test(code) ? "rtl" : "ltr");
}

/**
 * The offered language a wish names: the exact tag ("pt-BR"), else its base language ("de-AT" →
 * "de"), else an offered regional form of the same base ("pt" → "pt-BR"). Case does not matter.
 */
export function matchLanguage(wish: string, offered: readonly string[]): string | null {
  const w = wish.trim().toLowerCase();
  if (!w || w === "*") return null;
  const exact = offered.find((o) => o.toLowerCase() === w);
  if (exact) return exact;
  const base = w.split("-")[0]!;
  return offered.find((o) => o.toLowerCase() === base) ?? offered.find((o) => o.toLowerCase().split("-")[0] === base) ?? null;
}

/**
 * The language to speak: the first wish (in order: what the integrator set, the host page's
 * `lang`, the browser's languages) that one of the offered languages matches, else the default.
 * The pseudo-locale matches only when asked for by its exact tag.
 */
export function negotiateLanguage(wishes: readonly (string | null | undefined)[], offered: readonly string[], fallback: string): string {
  for (const wish of wishes) {
    if (!wish) continue;
    if (wish === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
    const m = matchLanguage(wish, offered);
    if (m) return m;
  }
  return offered.includes(fallback) ? fallback : (offered[0] ?? SOURCE_LANGUAGE);
}

/**
 * The language an API answer speaks: the first of the request's `Accept-Language` tags (the shell
 * sends its own language) that the shell speaks, else the source language. No project lookup: the
 * shell only ever asks for a language its project offers.
 */
export function requestLanguage(acceptLanguage: string | null | undefined): string {
  if (!acceptLanguage) return SOURCE_LANGUAGE;
  return negotiateLanguage(acceptedLanguages(acceptLanguage), LANGUAGE_CODES, SOURCE_LANGUAGE);
}

/** A player's wishes in the order they count: the integrator's `lang`, the host page's `host_lang`, then the browser's `Accept-Language`. */
export function languageWishes(lang: string | null | undefined, hostLang: string | null | undefined, acceptLanguage: string | null | undefined): string[] {
  return [lang ?? "", hostLang ?? "", ...acceptedLanguages(acceptLanguage)].filter(Boolean);
}

/** An `Accept-Language` header's tags, most wanted first (q=0 dropped; at most 10 read). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 10)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: (tag ?? "").trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.tag && x.q > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$|^\*$/.test(x.tag))
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((x) => x.tag);
}
