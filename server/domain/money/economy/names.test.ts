import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/i18n/catalogue";
import { DEFAULT_ECONOMY } from "./config";
import { boosterWords, isOwnResource, resourceName } from "./names";

const hammer = DEFAULT_ECONOMY.boosters.find((b) => b.id === "gem_hammer")!;
const coins = DEFAULT_ECONOMY.resources.find((r) => r.id === "coins")!;

describe("what players read of the economy", () => {
  it("names Playloop's own resources and boosters in the player's language, the game by the lobby's title", () => {
    expect(resourceName(coins, "de")).toBe("Münzen");
    expect(resourceName(coins, "en")).toBe("Coins");
    expect(boosterWords(hammer, "fr")).toEqual({ name: "Marteau", description: "Brisez une gemme", game: "Gem Match" });
    const peek = DEFAULT_ECONOMY.boosters.find((b) => b.id === "pairs_peek")!;
    expect(boosterWords(peek, "de").game).toBe("Kartenpaare");
  });

  it("answers what the site wrote as written, in every language: a renamed resource or booster, a rewritten description, an id of its own", () => {
    expect(resourceName({ ...coins, name: "Stars" }, "de")).toBe("Stars");
    expect(isOwnResource({ id: "gems", name: "Coins" })).toBe(false);
    expect(boosterWords({ ...hammer, name: "Sledge" }, "fr")).toMatchObject({ name: "Sledge", description: "Brisez une gemme" });
    expect(boosterWords({ ...hammer, description: "Smash a gem, any gem" }, "fr")).toMatchObject({ name: "Marteau", description: "Smash a gem, any gem" });
    expect(boosterWords({ ...hammer, id: "my_hammer" }, "fr").name).toBe("Hammer");
    expect(boosterWords({ ...hammer, mechanic: "memory_v1", effect: "peek" }, "fr")).toMatchObject({ name: "Hammer", description: "Smash one gem" });
  });

  it("keeps Playloop's English names as they are: a project that saved its economy holds copies of them", () => {
    // Rewording a default here would leave every project that saved the old words reading them in
    // English in every language: keep the old words as another default of that id instead.
    expect(DEFAULT_ECONOMY.resources.map((r) => [r.id, r.name])).toEqual([["tickets", "Tickets"], ["coins", "Coins"]]);
    expect(DEFAULT_ECONOMY.boosters.map((b) => [b.id, b.name, b.description])).toEqual([
      ["gem_shuffle", "Shuffle", "Mix the board for new matches"],
      ["gem_hammer", "Hammer", "Smash one gem"],
      ["pairs_peek", "Peek", "See every card for a moment"],
      ["van_fuel", "Extra fuel", "Five more moves of fuel"],
    ]);
  });

  it("has every default resource and booster in every language's catalogue (a new game's offers need their words)", () => {
    for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
      const keys = catalogue as Record<string, string>;
      for (const r of DEFAULT_ECONOMY.resources) expect(keys[`economy.resource.${r.id}`], `${lang} ${r.id}`).toBeTruthy();
      for (const b of DEFAULT_ECONOMY.boosters) {
        expect(keys[`economy.booster.${b.id}.name`], `${lang} ${b.id}`).toBeTruthy();
        expect(keys[`economy.booster.${b.id}.description`], `${lang} ${b.id}`).toBeTruthy();
      }
    }
    // English is the defaults' own wording, so an untouched project reads the same in English as before
    for (const b of DEFAULT_ECONOMY.boosters) expect(boosterWords(b, "en")).toMatchObject({ name: b.name, description: b.description });
    for (const r of DEFAULT_ECONOMY.resources) expect(resourceName(r, "en")).toBe(r.name);
  });
});
