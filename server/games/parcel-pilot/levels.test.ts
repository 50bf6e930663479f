import { describe, expect, it } from "vitest";
import { suggestCommand } from "../bots";
import { createParcelState, parcelPilotMechanic as pp } from "./engine";
import { parcelPilotLevels } from "./levels";

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: p.length + 1 }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

describe("parcel_pilot_v1 track solvability", () => {
  // The seed only picks the dispatch order, so covering every order covers every seed.
  it.each(parcelPilotLevels.map((l) => [l.id, l] as const))("%s is won by the bot for every dispatch order", (_, level) => {
    const count = pp.init(level, "x").parcels.length;
    for (const order of permutations(count)) {
      let state = createParcelState(level, order);
      while (!state.finished) {
        const command = suggestCommand("parcel_pilot_v1", pp.view(state));
        expect(command).not.toBeNull();
        const r = pp.apply(state, command as NonNullable<typeof command>);
        expect(r.accepted).toBe(true);
        state = r.state;
      }
      expect(state.outcome).toBe("won");
    }
  });
});
