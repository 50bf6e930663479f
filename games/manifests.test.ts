import { describe, expect, it } from "vitest";
import { runBot } from "./bot-runner";
import { GAME_MANIFESTS } from "./manifests";
import { defaultBoosterOffers, GAME_METAS } from "./metas";

describe("a game's package", () => {
  it("lists the same games, in the same order, in the data-only metas and the manifests, each manifest carrying its meta unchanged", () => {
    expect(GAME_MANIFESTS.map((g) => g.id)).toEqual(GAME_METAS.map((g) => g.id));
    for (const [i, meta] of GAME_METAS.entries()) {
      const m = GAME_MANIFESTS[i]!;
      expect({ id: m.id, name: m.name, tagline: m.tagline, modes: m.modes, boosters: m.boosters, client: m.client, demoOrder: m.demoOrder }).toEqual(meta);
    }
  });

  it("names exactly the boosters its engine plays, in the engine's order, with a default offer each", () => {
    for (const g of GAME_MANIFESTS) {
      expect(g.boosters.map((b) => b.effect)).toEqual([...(g.engine.boosters ?? [])]);
      for (const b of g.boosters) expect(b.offer.price.amount).toBeGreaterThan(0);
    }
    const offers = defaultBoosterOffers();
    expect(new Set(offers.map((o) => o.id)).size).toBe(offers.length);
    expect(offers.map((o) => `${o.mechanic}:${o.effect}`)).toEqual(GAME_MANIFESTS.flatMap((g) => g.boosters.map((b) => `${g.id}:${b.effect}`)));
  });

  it("measures a bot's finished run against the level's budget: used within the limit, the limit the level's own", () => {
    for (const g of GAME_MANIFESTS) {
      const level = g.track.levels[0]!;
      const run = runBot(g.id, level, "budget-check");
      const b = g.budgetUsed(run.finalState);
      expect(b.limit, g.id).toBeGreaterThan(0);
      expect(b.used, g.id).toBeGreaterThan(0);
      expect(b.used, g.id).toBeLessThanOrEqual(b.limit);
    }
  });
});
