import { compileCatalogue, pseudoCatalogue } from "../compile";
import { PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from "../languages";
import { formatMessage, type TCompiledCatalogue, type TValues } from "../messages";
import { AR } from "./ar";
import { DE } from "./de";
import { EN, type TCatalogue } from "./en";
import { ES } from "./es";
import { FR } from "./fr";
import { IT } from "./it";
import { JA } from "./ja";
import { NL } from "./nl";
import { PL } from "./pl";
import { PT_BR } from "./pt-BR";
import { SV } from "./sv";

/** Every language's catalogue, by code (the pseudo-locale is made from English). */
export const CATALOGUES: Readonly<Record<string, TCatalogue>> = { en: EN, de: DE, ja: JA, ar: AR, fr: FR, es: ES, it: IT, nl: NL, pl: PL, "pt-BR": PT_BR, sv: SV };

const compiled = new Map<string, TCompiledCatalogue>();

/** A language's catalogue compiled for the shell (i18n/messages.ts), made once per process; English for a code it does not know. */
export function compiledCatalogue(code: string): TCompiledCatalogue {
  let c = compiled.get(code);
  if (!c) {
    c = code === PSEUDO_LANGUAGE ? pseudoCatalogue(compiledCatalogue(SOURCE_LANGUAGE)) : compileCatalogue(CATALOGUES[code] ?? EN);
    compiled.set(code, c);
  }
  return c;
}

/** One message in `code` (English where the language lacks it), or null for a key the catalogue does not have. */
export function sayIn(code: string, key: string, values: TValues = {}): string | null {
  const m = compiledCatalogue(code)[key] ?? compiledCatalogue(SOURCE_LANGUAGE)[key];
  return m === undefined ? null : formatMessage(m, values, code);
}
