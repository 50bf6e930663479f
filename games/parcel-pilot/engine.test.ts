import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { engineProperties } from "@/games/testing/property-suite";
import type { TCommand, TLevelDefinition } from "@/games/types";
import { type TParcelParams, type TParcelState, createParcelState, parcelPilotMechanic as pp, parseParcelMap } from "./engine";
import { parcelPilotLevels } from "./levels";

const move = (dir: unknown): TCommand => ({ action: "move", payload: { dir } });

function testLevel(
  map: string[],
  opts: { fuel?: number; moves?: number; deliveries?: number; capacity?: number; active?: number } = {},
): TLevelDefinition<TParcelParams> {
  const constraints = [];
  if (opts.fuel !== undefined) constraints.push({ type: "fuel", limit: opts.fuel });
  if (opts.moves !== undefined) constraints.push({ type: "moves", limit: opts.moves });
  const params: TParcelParams = { map };
  if (opts.capacity !== undefined) params.capacity = opts.capacity;
  if (opts.active !== undefined) params.active = opts.active;
  return {
    id: "parcel-test",
    version: 1,
    number: 1,
    title: "Test",
    params,
    goals: [{ type: "deliveries", target: opts.deliveries ?? 1 }],
    constraints,
  };
}

const SMALL = ["S#a", ".A.", "..."];

describe("parcel_pilot_v1 rules", () => {
  it("parses maps into walls, start and parcels", () => {
    const p = parseParcelMap(SMALL);
    expect(p).toEqual({
      rows: 3,
      cols: 3,
      walls: [".#.", "...", "..."],
      start: { row: 0, col: 0 },
      parcels: [{ id: "A", pickup: { row: 1, col: 1 }, drop: { row: 0, col: 2 } }],
    });
    expect(() => parseParcelMap(["S.A", "..."])).toThrow();
  });

  it("parses a map once per text: runs of a level share it frozen, each with a carrier of its own", () => {
    const level = testLevel(["S.A", ".#a", "..."], { fuel: 10 });
    // equal text, another array: the same parse
    expect(parseParcelMap(["S.A", ".#a", "..."])).toBe(parseParcelMap([...level.params.map]));
    const one = pp.init(level, "one");
    const two = pp.init(testLevel([...level.params.map], { fuel: 10 }), "two");
    expect(two.walls).toBe(one.walls);
    expect(two.parcels).toBe(one.parcels);
    expect(Object.isFrozen(one.walls) && Object.isFrozen(one.parcels[0]!.pickup)).toBe(true);
    expect(two.carrier).not.toBe(one.carrier);
    // a move makes a new state and leaves the shared parse and the other run alone
    const moved = pp.apply(one, move("right")).state as TParcelState;
    expect(moved.carrier).toEqual({ row: 0, col: 1 });
    expect(two.carrier).toEqual({ row: 0, col: 0 });
    expect(parseParcelMap(level.params.map).start).toEqual({ row: 0, col: 0 });
    // a bad map is refused every time, never remembered
    for (let i = 0; i < 2; i++) expect(() => parseParcelMap(["S.A", ".#b", "..."])).toThrow(/no drop/);
    expect(() => parseParcelMap(["S.A", 5 as unknown as string])).toThrow(/ragged/);
  });

  it("refuses blocked and off-grid moves at no cost", () => {
    const s = pp.init(testLevel(SMALL, { fuel: 10 }), "x");
    for (const [dir, code] of [["right", "blocked"], ["up", "out_of_bounds"], ["left", "out_of_bounds"]] as const) {
      const r = pp.apply(s, move(dir));
      expect(r).toMatchObject({ accepted: false, rejection_code: code });
      expect(r.state).toBe(s);
      expect(r.view.fuel_left).toBe(10);
    }
    const code = (c: unknown) => pp.apply(s, c as TCommand).rejection_code;
    expect(code(move("north"))).toBe("invalid_payload");
    expect(code(move("constructor"))).toBe("invalid_payload");
    expect(code(move(1))).toBe("invalid_payload");
    expect(code({ action: "move", payload: { dir: "down", pad: "x".repeat(300) } })).toBe("invalid_payload");
    expect(code({ action: "fly", payload: { dir: "down" } })).toBe("unknown_action");
  });

  it("picks up automatically, delivers at the drop, scores, and wins with a fuel bonus", () => {
    let s = pp.init(testLevel(SMALL, { fuel: 10 }), "x");
    let r = pp.apply(s, move("down"));
    expect(r.view.fuel_left).toBe(9);
    r = pp.apply(r.state, move("right"));
    expect(r.animation_steps.map((x) => x.type)).toEqual(["move", "pickup"]);
    expect((r.view.parcels as { status: string }[])[0]?.status).toBe("carried");
    r = pp.apply(r.state, move("right"));
    r = pp.apply(r.state, move("up"));
    expect(r.animation_steps.map((x) => x.type)).toEqual(["move", "deliver"]);
    expect(r).toMatchObject({ finished: true, outcome: "won" });
    expect(r.score).toBe(100 + 10 * 6);
    expect(r.facts).toContainEqual(expect.objectContaining({ name: "game_won", bonus: 60 }));
    s = r.state;
    expect(pp.apply(s, move("down")).rejection_code).toBe("run_finished");
  });

  it("loses when the fuel (or move budget) runs out first", () => {
    let r = pp.apply(pp.init(testLevel(SMALL, { fuel: 2 }), "x"), move("down"));
    r = pp.apply(r.state, move("down"));
    expect(r).toMatchObject({ finished: true, outcome: "lost", score: 0 });
    expect(r.facts).toContainEqual(expect.objectContaining({ name: "game_lost", reason: "out_of_fuel" }));
    const m = pp.apply(pp.init(testLevel(SMALL, { moves: 1 }), "x"), move("down"));
    expect(m.facts).toContainEqual(expect.objectContaining({ name: "game_lost", reason: "out_of_moves" }));
  });

  it("shows only the active window of the seeded dispatch queue", () => {
    const map = ["S.A.B", ".....", "a.b.C", "....c"];
    const level = testLevel(map, { fuel: 50, deliveries: 3 });
    const orders = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const s = pp.init(level, `q${i}`);
      orders.add(s.queue.join(""));
      const shown = pp.view(s).parcels as { id: string }[];
      expect(shown.map((p) => p.id)).toEqual([s.parcels[s.queue[0] as number]?.id]);
      expect(pp.view(s).parcels_left).toBe(3);
    }
    expect(orders.size).toBeGreaterThan(3);
    // the next parcel appears once the current one is delivered
    const s = createParcelState(level, [0, 1, 2]);
    const path = ["right", "right", "down", "down", "left", "left"];
    let r = pp.apply(s, move(path[0]));
    for (const d of path.slice(1)) r = pp.apply(r.state, move(d));
    expect(r.animation_steps.map((x) => x.type)).toEqual(["move", "deliver", "parcel_appear"]);
    expect((r.view.parcels as { id: string }[]).map((p) => p.id)).toEqual(["B"]);
  });

  it("respects capacity: a full carrier leaves further parcels waiting", () => {
    const level = testLevel(["SAB", "...", "ab."], { fuel: 20, deliveries: 2, active: 2, capacity: 1 });
    const s = createParcelState(level, [0, 1]);
    let r = pp.apply(s, move("right"));
    r = pp.apply(r.state, move("right"));
    expect(r.animation_steps.map((x) => x.type)).toEqual(["move"]);
    const status = (r.view.parcels as { id: string; status: string }[]).map((p) => `${p.id}:${p.status}`);
    expect(status).toEqual(["A:carried", "B:waiting"]);
  });
});

const parcelCommandArb: fc.Arbitrary<TCommand> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("up", "down", "left", "right").map(move) },
  { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null)).map(move) },
  { weight: 1, arbitrary: fc.record({ action: fc.constant("move"), payload: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue()) }) },
) as fc.Arbitrary<TCommand>;

engineProperties({
  mechanicId: "parcel_pilot_v1",
  levels: [0, 4, 6, 9].map((i) => parcelPilotLevels[i] as TLevelDefinition),
  commandArb: parcelCommandArb,
  numRuns: 60,
  maxCommands: 80,
  checkView: (state: TParcelState, view) => {
    expect(Object.keys(view)).not.toContain("queue");
    const shown = view.parcels as { id: string; status: string }[];
    expect(shown.length).toBeLessThanOrEqual(state.active);
    const open = state.queue.filter((i) => state.status[i] !== "delivered").slice(0, state.active);
    expect(shown.map((p) => p.id)).toEqual(open.map((i) => state.parcels[i]?.id));
    expect(view.grid).toEqual(state.walls);
    expect(JSON.stringify(view)).not.toMatch(/queue|rng|seed/);
  },
});
