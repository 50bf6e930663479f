import { CATALOGUES } from "./catalogue";
import { EN } from "./catalogue/en";
import { argumentsOf, compileMessage, MessageError, pluralsOf } from "./compile";

/** At most this many characters in a message a project writes (the longest catalogue text, the wheel's fairness note, is about 330). */
const WORDING_MAX_CHARS = 1000;

export type TWordingIssue = { path: string; message: string };

/**
 * Catalogue messages a project does not rewrite in its wording, because the site edits what they
 * name elsewhere, where an override here would change nothing: Playloop's own names of resources
 * and boosters (renamed in the economy settings) and a new wheel's first labels and rules (copied
 * into the wheel when it is created, then edited in the wheel editor).
 */
const EDITED_ELSEWHERE: ReadonlyArray<[prefix: string, where: string]> = [
  ["economy.resource.", "a resource's name is set in the economy settings, and then shows as written in every language"],
  ["economy.booster.", "a booster's name and description are set in the economy settings, and then show as written in every language"],
  ["wheel.default.", "a new wheel's first labels and rules are copied into the wheel; edit them in the wheel editor"],
];

const editedElsewhere = (key: string) => EDITED_ELSEWHERE.find(([prefix]) => key.startsWith(prefix));

/** Whether a project can rewrite `key` in its wording (EDITED_ELSEWHERE: where it cannot). */
export function isProjectWordingKey(key: string): boolean {
  return !editedElsewhere(key);
}

/**
 * A project's own wording for `lang`, checked against the catalogue: every key is one of the
 * catalogue's; every message compiles (ICU), keeps exactly the values the catalogue's message has
 * (a translation that drops `{level}` would show no level), and gives each plural the categories
 * `lang` needs. `null` removes an override. Pure: answers the issues, empty when all is well.
 */
export function checkWording(lang: string, overrides: Readonly<Record<string, string | null>>): TWordingIssue[] {
  return checkMessages(lang, overrides, { projectWording: true });
}

/** The same checks for a language's own catalogue (i18n/catalogue.test.ts), where every key is the catalogue's. */
export function checkCatalogue(lang: string, messages: Readonly<Record<string, string>>): TWordingIssue[] {
  return checkMessages(lang, messages, { projectWording: false });
}

function checkMessages(lang: string, overrides: Readonly<Record<string, string | null>>, opts: { projectWording: boolean }): TWordingIssue[] {
  const catalogue = CATALOGUES[lang];
  if (!catalogue) return [{ path: "lang", message: `not one of the play shell's languages (${Object.keys(CATALOGUES).join(", ")})` }];
  const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
  const issues: TWordingIssue[] = [];
  for (const [key, text] of Object.entries(overrides)) {
    const path = `overrides.${key}`;
    const original = (catalogue as Record<string, string>)[key];
    if (original === undefined) {
      issues.push({ path, message: "not a key of the catalogue" });
      continue;
    }
    if (text === null) continue; // removing is always allowed (also what an older version let a project store)
    const elsewhere = opts.projectWording && editedElsewhere(key);
    if (elsewhere) {
      issues.push({ path, message: `not part of a project's wording: ${elsewhere[1]}` });
      continue;
    }
    if (text.trim() === "") {
      issues.push({ path, message: "is empty: send null to use the catalogue's text" });
      continue;
    }
    if (text.length > WORDING_MAX_CHARS) {
      issues.push({ path, message: `is longer than ${WORDING_MAX_CHARS} characters` });
      continue;
    }
    let compiled: ReturnType<typeof compileMessage>;
    try {
      compiled = compileMessage(text, key);
    } catch (e) {
      issues.push({ path, message: e instanceof MessageError ? e.message.replace(`${key}: `, "") : "does not compile" });
      continue;
    }
    const want = argumentsOf(compileMessage(EN[key as keyof typeof EN], key));
    const got = argumentsOf(compiled);
    const missing = want.filter((a) => !got.includes(a));
    const unknown = got.filter((a) => !want.includes(a));
    if (missing.length) issues.push({ path, message: `lacks ${missing.map((a) => `{${a}}`).join(", ")}, which the original has` });
    if (unknown.length) issues.push({ path, message: `has ${unknown.map((a) => `{${a}}`).join(", ")}, which the original does not: only ${want.map((a) => `{${a}}`).join(", ") || "no values"}` });
    for (const p of pluralsOf(compiled)) {
      const lacking = needed.filter((c) => !p.categories.includes(c));
      if (lacking.length) issues.push({ path, message: `the plural of {${p.variable}} lacks ${lacking.join(", ")}, which ${lang} needs` });
    }
  }
  return issues;
}
