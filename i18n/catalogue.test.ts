import { describe, expect, it } from "vitest";
import { CATALOGUES, compiledCatalogue } from "./catalogue";
import { EN, NOTES } from "./catalogue/en";
import { argumentsOf, compileMessage, pluralsOf } from "./compile";
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
      const needed = new Intl.PluralRules(code).resolvedOptions().pluralCategories as string[];
      const problems: string[] = [];
      for (const k of keys) {
        const source = compileMessage(EN[k as keyof typeof EN], k);
        let m: ReturnType<typeof compileMessage>;
        try {
          m = compileMessage(catalogue[k as keyof typeof catalogue], `${code} ${k}`);
        } catch (e) {
          problems.push((e as Error).message);
          continue;
        }
        if (argumentsOf(m).join() !== argumentsOf(source).join()) problems.push(`${k}: values ${argumentsOf(m).join(", ") || "none"}, English has ${argumentsOf(source).join(", ") || "none"}`);
        for (const p of pluralsOf(m)) {
          const missing = needed.filter((c) => !p.categories.includes(c));
          const foreign = p.categories.filter((c) => !needed.includes(c));
          if (missing.length) problems.push(`${k}: plural of {${p.variable}} lacks ${missing.join(", ")}`);
          if (foreign.length) problems.push(`${k}: plural of {${p.variable}} has ${foreign.join(", ")}, which ${code} does not use`);
        }
        if (code !== "en" && catalogue[k as keyof typeof catalogue].trim() === "") problems.push(`${k}: empty`);
      }
      expect(problems).toEqual([]);
    });
  }

  it("compiles the pseudo-locale from English with every key", () => {
    expect(Object.keys(compiledCatalogue(PSEUDO_LANGUAGE)).sort()).toEqual(keys);
  });
});
