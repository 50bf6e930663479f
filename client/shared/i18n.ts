// The shell's words: the catalogue of the language the server chose (inlined in the play page's
// config, compiled) and `t(key, values)` to say a message. Switching language
// (Playloop.setLanguage on the host page) loads the new catalogue, sets <html lang dir> and
// redraws the screen. The renderers (client/games) say their words through the same `t`: each
// game is a bundle of its own with its own copy of this module, so the language lives on one
// object of the page (window.__playloopI18n) that every copy reads.
import type { TMessageKey } from "@/i18n/catalogue/en";
import { translator, type TCompiledCatalogue, type TTranslate, type TValues } from "@/i18n/messages";

type TState = { lang: string; say: TTranslate; dir: "ltr" | "rtl"; catalogue: TCompiledCatalogue };
const page = (typeof window !== "undefined" ? window : globalThis) as unknown as { __playloopI18n?: TState };
const state: TState = (page.__playloopI18n ??= { lang: "en", say: translator("en", {}), dir: "ltr", catalogue: {} });

/** Speaks `code` from now on (its compiled catalogue), and marks the document with its language and direction. */
export function useLanguage(code: string, catalogue: TCompiledCatalogue, dir: "ltr" | "rtl", doc: Document | null = typeof document === "undefined" ? null : document): void {
  state.lang = code;
  state.say = translator(code, catalogue);
  state.dir = dir;
  state.catalogue = catalogue;
  if (doc) {
    doc.documentElement.lang = code;
    doc.documentElement.dir = dir;
  }
}

/** One message of the catalogue in the current language. */
export function t(key: TMessageKey, values?: TValues): string {
  return state.say(key, values);
}

/**
 * A game's name as the player reads it: the catalogue's (with the project's own wording laid over
 * it by the server), else what the API said (a legacy template's title).
 */
export function gameTitle(mechanic: string | null, fromApi: string | null): string {
  const key = `games.${mechanic}.title`;
  const said = mechanic ? state.say(key) : key;
  return said !== key ? said : (fromApi ?? "");
}

/** The language spoken now, to speak it again later (the wheel speaks its rules' language for a while). */
export function spokenLanguage(): { lang: string; dir: "ltr" | "rtl"; catalogue: TCompiledCatalogue } {
  return { lang: state.lang, dir: state.dir, catalogue: state.catalogue };
}

/** The current language's tag (for `Intl` and the API's Accept-Language). */
export function language(): string {
  return state.lang;
}

/**
 * A text the site wrote (a booster's description) as a sentence of a longer spoken label: its own
 * closing punctuation when it has one, else the current language's full stop. Playloop's own
 * descriptions, like most a site writes, have none.
 */
export function asSentence(text: string, lang: string = state.lang): string {
  const trimmed = text.trim();
  if (trimmed === "" || /[.!?…。！？]$/.test(trimmed)) return trimmed;
  return trimmed + (/^(ja|zh)\b/.test(lang) ? "。" : ".");
}
