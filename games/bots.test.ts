import { describe, expect, it } from "vitest";
import { runBot } from "./bot-runner";
import { emptyMemoryKnowledge, suggestCommand, updateMemoryKnowledge } from "./bots";
import { getMechanic, mechanicIds, tracks } from "./registry";
import type { TLevelDefinition } from "./types";


describe("reference bot", () => {
  it.each(mechanicIds)("wins level 1 of %s on 20 of 20 seeds, seeing only views", (id) => {
    const level = tracks[id].levels[0] as TLevelDefinition;
    for (let i = 0; i < 20; i++) {
      const run = runBot(id, level, `level1-${i}`);
      expect(run.outcome).toBe("won");
      expect(run.refused).toBe(0);
    }
  });

  it("learns memory faces from reveal steps and from the view", () => {
    let k = emptyMemoryKnowledge();
    k = updateMemoryKnowledge(k, [{ type: "reveal", index: 3, face: "sun" }, { type: "hide", indices: [3, 4] }]);
    expect(k.faces).toEqual({ 3: "sun" });
    const view = { cards: [{ index: 0, state: "open", face: "moon" }, { index: 1, state: "hidden" }], finished: false };
    expect(updateMemoryKnowledge(k, [], view).faces).toEqual({ 0: "moon", 3: "sun" });
    // a known pair among hidden cards is flipped first
    const four = { cards: [0, 1, 2, 3].map((index) => ({ index, state: "hidden" })), finished: false };
    const knowing = { faces: { 1: "star", 3: "star" } };
    expect(suggestCommand("memory_v1", four, knowing)).toEqual({ action: "flip", payload: { index: 1 } });
    const firstUp = { ...four, cards: [{ index: 0, state: "hidden" }, { index: 1, state: "revealed", face: "star" }, ...four.cards.slice(2)] };
    expect(suggestCommand("memory_v1", firstUp, knowing)).toEqual({ action: "flip", payload: { index: 3 } });
  });

  it("returns null for finished views and works on JSON-copied views", () => {
    for (const id of mechanicIds) {
      const m = getMechanic(id);
      const view = JSON.parse(JSON.stringify(m.view(m.init(tracks[id].levels[0] as TLevelDefinition, "v"))));
      expect(suggestCommand(id, view)).not.toBeNull();
      expect(suggestCommand(id, { ...view, finished: true })).toBeNull();
    }
  });
});
