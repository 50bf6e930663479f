import { describe, expect, it } from "vitest";
import { asSentence, language, useLanguage } from "../shared/i18n";
import type { Wallet } from "../shared/types";
import type { Api } from "./api";
import { createEconomy } from "./economy";

/** A wallet read per call, answered when the test says, in the language the shell spoke when it was asked. */
function fakeApi() {
  const reads: Array<{ lang: string; answer: () => void }> = [];
  const api = {
    wallet: () =>
      new Promise<Wallet>((resolve) => {
        const lang = language();
        const coins = lang === "fr" ? "Pièces" : lang === "de" ? "Münzen" : "Coins";
        reads.push({ lang, answer: () => resolve({ economy_enabled: true, balances: [{ resource_id: "coins", name: coins, balance: 100 }], boosters: [], owned_boosters: [] }) });
      }),
  } as unknown as Api;
  return { api, reads };
}

describe("the shell's wallet and its language", () => {
  it("reads again when the shell speaks another language, and keeps the latest read's names whatever order the answers come in", async () => {
    useLanguage("fr", {}, "ltr");
    const { api, reads } = fakeApi();
    const economy = createEconomy(api);
    const first = economy.refresh();
    expect(economy.refresh()).toBe(first); // the same language: the read in flight is shared
    useLanguage("de", {}, "ltr");
    const second = economy.refresh();
    expect(second).not.toBe(first);
    expect(reads.map((r) => r.lang)).toEqual(["fr", "de"]);
    reads[1]!.answer();
    await second;
    reads[0]!.answer(); // the French answer lands last
    await first;
    expect(economy.resourceName("coins")).toBe("Münzen");
    useLanguage("en", {}, "ltr");
  });
});

describe("a booster's description in its spoken label", () => {
  it("ends as a sentence in the shell's language, keeping the site's own punctuation", () => {
    expect(asSentence("Smash one gem", "en")).toBe("Smash one gem.");
    expect(asSentence("ジェムを1つ壊す", "ja")).toBe("ジェムを1つ壊す。");
    expect(asSentence("Boom!", "de")).toBe("Boom!");
    expect(asSentence("  ", "fr")).toBe("");
  });
});
