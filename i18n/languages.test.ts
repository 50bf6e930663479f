import { describe, expect, it } from "vitest";
import { acceptedLanguages, directionOf, matchLanguage, negotiateLanguage } from "./languages";

describe("choosing the player's language", () => {
  const offered = ["en", "de", "ja", "ar", "pt-BR"];

  it("takes the first wish the project offers, in order: integrator, host page, browser, default", () => {
    expect(negotiateLanguage(["fr", "de", "ja"], offered, "en")).toBe("de"); // the integrator's fr is not offered: the host page's de
    expect(negotiateLanguage([null, "", "ja"], offered, "en")).toBe("ja");
    expect(negotiateLanguage(["sv", "fi"], offered, "de")).toBe("de");
    expect(negotiateLanguage([], ["ja"], "en")).toBe("ja"); // a default the project no longer offers: its first language
  });

  it("matches a regional tag to its base language and a base language to its regional form, ignoring case", () => {
    expect(matchLanguage("de-AT", offered)).toBe("de");
    expect(matchLanguage("PT", offered)).toBe("pt-BR");
    expect(matchLanguage("pt-pt", offered)).toBe("pt-BR");
    expect(matchLanguage("*", offered)).toBeNull();
    expect(matchLanguage("zh-Hant", offered)).toBeNull();
  });

  it("gives the pseudo-locale only to its exact tag", () => {
    expect(negotiateLanguage(["en-XA"], offered, "en")).toBe("en-XA");
    expect(negotiateLanguage(["en-GB"], offered, "de")).toBe("en");
  });

  it("reads Accept-Language by quality, dropping q=0 and malformed tags", () => {
    expect(acceptedLanguages("de-CH, fr;q=0.9, en;q=0.8, *;q=0.5")).toEqual(["de-CH", "fr", "en", "*"]);
    expect(acceptedLanguages("en;q=0.2, ja")).toEqual(["ja", "en"]);
    expect(acceptedLanguages("ar;q=0, <x>, en")).toEqual(["en"]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it("writes Arabic right to left", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("he-IL")).toBe("rtl");
    expect(directionOf("ja")).toBe("ltr");
  });
});
