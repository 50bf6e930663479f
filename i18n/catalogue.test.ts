import { describe, expect, it } from "vitest";
import { CATALOGUES, compiledCatalogue } from "./catalogue";
import { EN, NOTES } from "./catalogue/en";
import { checkCatalogue } from "./check-wording";
import { compileMessage, pluralsOf } from "./compile";
import { LANGUAGES, PSEUDO_LANGUAGE } from "./languages";

/**
 * Every language has every key, and each of its messages compiles, uses the same values as the
 * English one (no placeholder lost or invented) and gives each plural every category its language
 * needs (Intl.PluralRules: one/other in German, other in Japanese, six in Arabic) and none it lacks.
 */
const keys = Object.keys(EN).sort();

describe("the catalogue", () => {
  it("has a catalogue for every language the shell offers, and a note for every key", () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
    for (const k of keys) expect(NOTES[k as keyof typeof NOTES], k).toMatch(/\S{3,}/);
  });

  for (const { code } of LANGUAGES) {
    it(`${code}: every key, the same placeholders, the plural categories ${code} needs`, () => {
      const catalogue = CATALOGUES[code]!;
      expect(Object.keys(catalogue).sort()).toEqual(keys);
      // the checks a project's own wording gets (checkCatalogue) (compiles, the English values, the plurals it needs), and no category the language lacks
      const problems = checkCatalogue(code, catalogue).map((i) => `${i.path}: ${i.message}`);
      const needed = new Intl.PluralRules(code).resolvedOptions().pluralCategories as string[];
      for (const k of keys) {
        let m: ReturnType<typeof compileMessage>;
        try {
          m = compileMessage(catalogue[k as keyof typeof catalogue], k);
        } catch {
          continue; // named by checkCatalogue
        }
        for (const p of pluralsOf(m)) {
          const foreign = p.categories.filter((c) => !needed.includes(c));
          if (foreign.length) problems.push(`${k}: plural of {${p.variable}} has ${foreign.join(", ")}, which ${code} does not use`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it("compiles the pseudo-locale from English with every key", () => {
    expect(Object.keys(compiledCatalogue(PSEUDO_LANGUAGE)).sort()).toEqual(keys);
  });
});
