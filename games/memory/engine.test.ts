import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { engineProperties } from "@/games/testing/property-suite";
import type { TCommand, TLevelDefinition } from "@/games/types";
import { type TMemoryParams, type TMemoryState, memoryMechanic as mm } from "./engine";
import { memoryLevels } from "./levels";

const flip = (index: unknown): TCommand => ({ action: "flip", payload: { index } });

function testLevel(constraints = [{ type: "mistakes", limit: 3 }]): TLevelDefinition<TMemoryParams> {
  return {
    id: "memory-test",
    version: 1,
    number: 1,
    title: "Test",
    params: { pairs: 3, columns: 3, faces: ["sun", "moon", "star"] },
    goals: [{ type: "pairs", target: 3 }],
    constraints,
  };
}

/** Indices of a matching pair and of one card with a different face. */
function layout(s: TMemoryState) {
  const a = 0;
  const b = s.faces.findIndex((f, i) => i !== a && f === s.faces[a]);
  const other = s.faces.findIndex((f) => f !== s.faces[a]);
  return { a, b, other };
}

type TCardView = { index: number; state: string; face?: string };
const cardsOf = (view: Record<string, unknown>) => view.cards as TCardView[];

describe("memory_v1 rules", () => {
  it("shuffles the layout by seed, always with exactly two of each face", () => {
    const level = testLevel();
    const layouts = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const s = mm.init(level, `seed-${i}`);
      layouts.add(s.faces.join(","));
      expect([...s.faces].sort()).toEqual(["moon", "moon", "star", "star", "sun", "sun"]);
    }
    expect(layouts.size).toBeGreaterThan(5);
  });

  it("first flip reveals one card; a matching second flip keeps both open and scores", () => {
    const s0 = mm.init(testLevel(), "x");
    const { a, b } = layout(s0);
    const r1 = mm.apply(s0, flip(a));
    expect(r1.animation_steps).toEqual([{ type: "reveal", index: a, face: s0.faces[a] }]);
    expect(cardsOf(r1.view)[a]).toEqual({ index: a, state: "revealed", face: s0.faces[a] });
    expect(mm.apply(r1.state, flip(a)).rejection_code).toBe("already_open");
    const r2 = mm.apply(r1.state, flip(b));
    expect(r2.animation_steps.map((x) => x.type)).toEqual(["reveal", "match"]);
    expect(r2.score).toBe(100);
    expect(cardsOf(r2.view)[b]).toEqual({ index: b, state: "open", face: s0.faces[b] });
    expect(r2.facts).toContainEqual(expect.objectContaining({ name: "pair_found" }));
    expect(mm.apply(r2.state, flip(b)).rejection_code).toBe("already_open");
  });

  it("a mismatch shows the second face in the animation, counts a mistake, and flips both back", () => {
    const s0 = mm.init(testLevel(), "x");
    const { a, other } = layout(s0);
    const r1 = mm.apply(s0, flip(a));
    const r2 = mm.apply(r1.state, flip(other));
    expect(r2.accepted).toBe(true);
    expect(r2.animation_steps).toEqual([
      { type: "reveal", index: other, face: s0.faces[other] },
      { type: "hide", indices: [a, other] },
    ]);
    expect(r2.state.mistakes).toBe(1);
    expect(r2.view.mistakes_left).toBe(2);
    expect(cardsOf(r2.view)[a]).toEqual({ index: a, state: "hidden" });
    expect(cardsOf(r2.view)[other]).toEqual({ index: other, state: "hidden" });
    expect(r2.facts).toContainEqual({ name: "mismatch", mistakes: 1 });
  });

  it("streaks score a bonus and matching everything wins", () => {
    let s = mm.init(testLevel(), "y");
    const seen = new Set<number>();
    const scores: number[] = [];
    for (let i = 0; i < s.faces.length; i++) {
      if (seen.has(i)) continue;
      const j = s.faces.findIndex((f, k) => k !== i && f === s.faces[i]);
      seen.add(i).add(j);
      s = mm.apply(s, flip(i)).state;
      const r = mm.apply(s, flip(j));
      s = r.state;
      scores.push(r.score);
      if (r.finished) {
        expect(r.outcome).toBe("won");
        expect(r.facts).toContainEqual(expect.objectContaining({ name: "game_won", mistakes: 0 }));
      }
    }
    expect(scores).toEqual([100, 250, 450]);
    expect(mm.apply(s, flip(0)).rejection_code).toBe("run_finished");
  });

  it("loses on one mistake more than allowed, and when flips run out", () => {
    let s = mm.init(testLevel([{ type: "mistakes", limit: 0 }]), "z");
    const { a, other } = layout(s);
    s = mm.apply(s, flip(a)).state;
    const r = mm.apply(s, flip(other));
    expect(r).toMatchObject({ finished: true, outcome: "lost" });
    expect(r.facts).toContainEqual(expect.objectContaining({ name: "game_lost", reason: "too_many_mistakes" }));

    const f = mm.init(testLevel([{ type: "flips", limit: 1 }]), "z");
    const rf = mm.apply(f, flip(0));
    expect(rf).toMatchObject({ finished: true, outcome: "lost" });
    // the half-open card is turned back so the final view shows nothing unmatched
    expect(rf.animation_steps.map((x) => x.type)).toEqual(["reveal", "hide"]);
    expect(cardsOf(rf.view).every((c) => c.state === "hidden")).toBe(true);
  });

  it("refuses bad payloads", () => {
    const s = mm.init(testLevel(), "x");
    const code = (c: unknown) => mm.apply(s, c as TCommand).rejection_code;
    expect(code(flip(6))).toBe("out_of_bounds");
    expect(code(flip(-1))).toBe("out_of_bounds");
    expect(code(flip(1.5))).toBe("invalid_payload");
    expect(code(flip("1"))).toBe("invalid_payload");
    expect(code({ action: "flip", payload: {} })).toBe("invalid_payload");
    expect(code({ action: "flip", payload: { index: 1, pad: "x".repeat(300) } })).toBe("invalid_payload");
    expect(code({ action: "peek", payload: { index: 1 } })).toBe("unknown_action");
  });
});

const memoryCommandArb: fc.Arbitrary<TCommand> = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 29 }).map(flip) },
  { weight: 1, arbitrary: fc.oneof(fc.integer({ min: -5, max: 40 }), fc.double(), fc.string({ maxLength: 3 })).map(flip) },
  { weight: 1, arbitrary: fc.record({ action: fc.constant("flip"), payload: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue()) }) },
) as fc.Arbitrary<TCommand>;

engineProperties({
  mechanicId: "memory_v1",
  levels: [0, 4, 6, 9].map((i) => memoryLevels[i] as TLevelDefinition),
  commandArb: memoryCommandArb,
  numRuns: 60,
  maxCommands: 60,
  checkView: (state: TMemoryState, view) => {
    const cards = cardsOf(view);
    expect(cards).toHaveLength(state.faces.length);
    for (const c of cards) {
      const visible = state.open[c.index] === true || state.revealed === c.index;
      expect(c.state).toBe(state.open[c.index] ? "open" : state.revealed === c.index ? "revealed" : "hidden");
      if (visible) expect(c.face).toBe(state.faces[c.index]);
      else expect(Object.keys(c).sort()).toEqual(["index", "state"]);
    }
    expect(Object.keys(view)).not.toContain("faces");
    // a hidden face may only appear in the view if its partner is visible
    const visibleFaces = new Set(cards.map((c) => c.face).filter((f) => f !== undefined));
    const json = JSON.stringify(view);
    for (const face of state.faces) if (!visibleFaces.has(face)) expect(json).not.toContain(`"${face}"`);
  },
});
