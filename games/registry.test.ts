import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { getLevel, getMechanic, isMechanicId, mechanicIds, mechanics, replay, tracks } from "./registry";
import type { TLevelDefinition } from "./types";

const MIN_LEVELS = { match3_v1: 20, memory_v1: 10, parcel_pilot_v1: 10 } as const;

describe("registry", () => {
  it("exposes the three mechanics under their ids", () => {
    expect(mechanicIds.sort()).toEqual(["match3_v1", "memory_v1", "parcel_pilot_v1"]);
    for (const id of mechanicIds) {
      const m = mechanics[id];
      expect(m.id).toBe(id);
      expect(getMechanic(id)).toBe(m);
      expect(m.gameVersion).toBe(1);
      expect(m.title.length).toBeGreaterThan(0);
      expect(m.actions.length).toBeGreaterThan(0);
      expect(m.maxPayloadBytes).toBeLessThanOrEqual(512);
    }
    expect(mechanics.match3_v1.maxPayloadBytes).toBe(512);
    expect(isMechanicId("chess_v1")).toBe(false);
    expect(isMechanicId("toString")).toBe(false);
    expect(() => getMechanic("chess_v1")).toThrow(/unknown mechanic/);
  });

  it("replays refused and accepted commands alike from init", () => {
    const level = tracks.parcel_pilot_v1.levels[0] as TLevelDefinition;
    const cmds = [
      { action: "move", payload: { dir: "up" } },
      { action: "move", payload: { dir: "down" } },
      { action: "dance", payload: {} },
    ];
    const { state, results } = replay("parcel_pilot_v1", level, "seed", cmds);
    expect(results.map((r) => r.accepted)).toEqual([false, true, false]);
    expect(results.map((r) => r.rejection_code)).toEqual(["out_of_bounds", undefined, "unknown_action"]);
    expect(state).toBe(results[2]?.state);
    expect(replay("parcel_pilot_v1", level, "seed", []).state).toEqual(getMechanic("parcel_pilot_v1").init(level, "seed"));
  });
});

describe.each(mechanicIds)("published track %s", (id) => {
  const track = tracks[id];
  const mechanic = mechanics[id];

  it("has enough well-formed, uniquely numbered levels", () => {
    expect(track.mechanic).toBe(id);
    expect(track.trackVersion).toBe(1);
    expect(track.levels.length).toBeGreaterThanOrEqual(MIN_LEVELS[id]);
    expect(new Set(track.levels.map((l) => l.id)).size).toBe(track.levels.length);
    track.levels.forEach((level, i) => {
      expect(level.number).toBe(i + 1);
      expect(Number.isInteger(level.version) && level.version >= 1).toBe(true);
      expect(level.id).toMatch(/^[a-z0-9]+-\d{2}$/);
      expect(JSON.parse(JSON.stringify(level))).toStrictEqual(level);
      expect(getLevel(id, level.id)).toBe(level);
    });
  });

  it("describes goals/constraints and previews every level compactly", () => {
    for (const level of track.levels) {
      const goals = mechanic.describeGoals(level);
      expect(goals.length).toBe(level.goals.length);
      for (const g of goals) expect(g).toMatch(/^[A-Z][\w ]+$/);
      expect(mechanic.describeConstraints(level).length).toBe(level.constraints.length);
      const bytes = new TextEncoder().encode(JSON.stringify(mechanic.preview(level))).length;
      expect(bytes).toBeLessThan(300);
      const state = mechanic.init(level, "any");
      expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state);
      expect(mechanic.isFinished(state)).toBe(false);
      expect(mechanic.score(state)).toBe(0);
    }
  });
});

describe("engine purity", () => {
  const root = fileURLToPath(new URL(".", import.meta.url));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      // testing/ holds helpers for *.test.ts files (fast-check, vitest); they are not engine code
      if (statSync(full).isDirectory()) {
        if (name !== "testing") walk(full);
      } else if (name.endsWith(".ts") && !name.endsWith(".test.ts")) files.push(full);
    }
  };
  walk(root);

  it.each(files.map((f) => [f.slice(root.length), f]))("%s has no I/O, clock or ambient randomness", (_, file) => {
    const src = readFileSync(file, "utf8").replace(/\/\/.*$/gm, "");
    expect(src).not.toMatch(/Math\.random|Date\.|new Date|performance\.now|from "node:|require\(|process\.|fetch\(|setTimeout|crypto\./);
    expect(src).not.toMatch(/from "[^"]*\/testing\//);
  });
});
