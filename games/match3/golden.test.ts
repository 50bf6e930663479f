import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { runBot } from "@/games/bot-runner";
import { getMechanic } from "@/games/registry";
import type { TCommand } from "@/games/types";
import { match3Levels } from "./levels";

/**
 * The engine's exact behaviour, pinned: every level of the track, played by the reference bot
 * from four seeds and then with boosters, hashed over each answer (state, view, animation steps,
 * facts, refusals). A stored run is replayed by whatever engine the server runs at claim time, so
 * a change that moves any board, refill, score or step — however small — must show here, and be
 * a new game version instead. Speed-ups of the board code keep this hash.
 */
const GOLDEN = "be9a185330f38dfcfaf8a94891500785cd14c87e4bae8b29eb2b959d136e085e";

function playAll(): string {
  const hash = createHash("sha256");
  const m3 = getMechanic("match3_v1");
  for (const level of match3Levels) {
    for (let s = 0; s < 4; s++) {
      const seed = `golden-${level.number}-${s}`;
      const bot = runBot("match3_v1", level, seed, 60);
      let state: unknown = m3.init(level, seed);
      const extra: TCommand[] = [
        { action: "booster", payload: { effect: "hammer", cell: { row: 2, col: 3 } } },
        { action: "booster", payload: { effect: "shuffle" } },
        { action: "swap", payload: { from: { row: 0, col: 0 }, to: { row: 0, col: 1 } } },
      ];
      for (const command of [...extra.slice(0, s % 2 === 0 ? 2 : 0), ...bot.commands, ...extra]) {
        const r = m3.apply(state, command);
        hash.update(JSON.stringify([r.accepted, r.rejection_code ?? null, r.state, r.view, r.animation_steps, r.facts]));
        state = r.state;
      }
    }
  }
  return hash.digest("hex");
}

describe("match3 golden play", () => {
  it("plays every level exactly as it always has", () => {
    expect(playAll()).toBe(GOLDEN);
  });
});
