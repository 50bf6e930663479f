import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { match3Manifest } from "@/games/match3/manifest";

/**
 * The landing page's picture of the play shell (public/landing/play-shell.png) is taken from the real
 * game by `npm run screenshots -- --landing`, which also records what it shows. A level that changes
 * after the picture was taken fails here until the picture is taken again.
 */
describe("the landing page's play-shell picture", () => {
  it("shows Gem Match's real level 1: its goals and its moves", () => {
    const shown = JSON.parse(readFileSync("public/landing/play-shell.json", "utf8"));
    const level = match3Manifest.track.levels[0]!;
    const moves = level.constraints.find((c) => c.type === "moves")?.limit;
    expect(shown).toEqual({ mechanic: "match3_v1", level_number: 1, moves, goals: level.goals.map((g) => ({ type: g.type, target: g.target })) });
  });
});
