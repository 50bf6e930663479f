import { describe, expect, it } from "vitest";
import { labelIn, rulesIn, rulesLanguages, wheelLanguage } from "./wheel-language";

const organizer = { name: "Shop" };
const bilingual = { text: "One spin a day.", language: "en", translations: { de: "Ein Dreh am Tag." }, organizer };

describe("the wheel's language", () => {
  it("is the first wish the rules are written in, a regional tag matching its language", () => {
    expect(wheelLanguage(bilingual, "en", ["de"])).toBe("de");
    expect(wheelLanguage(bilingual, "en", ["de-CH", "en"])).toBe("de");
    expect(wheelLanguage(bilingual, "en", ["ja", "de"])).toBe("de");
  });

  it("is the rules' own language when no wish has rules: never a screen in one language beside rules in another", () => {
    expect(wheelLanguage(bilingual, "de", ["ja"])).toBe("en");
    expect(wheelLanguage(bilingual, "de", [])).toBe("en");
    expect(wheelLanguage({ text: "Ein Dreh am Tag.", organizer }, "de", ["ja", "en"])).toBe("de");
  });

  it("is the pseudo-locale when asked for it and English rules exist (tests), else as for any language", () => {
    expect(wheelLanguage(bilingual, "en", ["en-XA"])).toBe("en-XA");
    expect(wheelLanguage({ text: "Ein Dreh am Tag.", language: "de", organizer }, "en", ["en-XA"])).toBe("de");
  });

  it("lists the rules' languages, their own first and without a repeat", () => {
    expect(rulesLanguages(bilingual, "ja")).toEqual(["en", "de"]);
    expect(rulesLanguages({ text: "x", translations: { de: "y" }, organizer }, "de")).toEqual(["de"]);
  });

  it("reads the rules and labels in that language, a label without a translation as written", () => {
    expect(rulesIn(bilingual, "de", "en")).toEqual({ text: "Ein Dreh am Tag.", organizer, lang: "de", languages: ["en", "de"] });
    expect(rulesIn(bilingual, "en", "en").text).toBe("One spin a day.");
    expect(rulesIn(bilingual, "en-XA", "en").text).toBe("One spin a day.");
    expect(labelIn({ label: "Try again", label_translations: { de: "Nochmal" } }, "de")).toBe("Nochmal");
    expect(labelIn({ label: "10 coins" }, "de")).toBe("10 coins");
  });
});
