// The designed difficulty curve of every track, measured with the reference bot (fewer seeds than
// the levels report, so it stays fast; docs/integrate/play.md's table comes from `npm run levels:report`).
// Early levels are won by nearly every run and leave budget over; the last third is lost about
// half the time and uses nearly all of the budget.
import { beforeAll, describe, expect, it } from "vitest";
import { measureTrack, type TLevelMeasure } from "./level-report";
import { mechanicIds } from "./registry";

const SEEDS = 40;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const thirds = (ms: TLevelMeasure[]) => {
  const k = Math.round(ms.length / 3);
  return [ms.slice(0, k), ms.slice(k, ms.length - k), ms.slice(ms.length - k)] as const;
};

describe.each(mechanicIds)("%s level curve (reference bot, 40 seeds per level)", (id) => {
  let measures: TLevelMeasure[] = [];
  let early: TLevelMeasure[] = [];
  let middle: TLevelMeasure[] = [];
  let late: TLevelMeasure[] = [];
  let table = "";
  beforeAll(() => {
    measures = measureTrack(id, SEEDS, "curve");
    [early, middle, late] = thirds(measures);
    table = measures.map((m) => `L${m.level} ${Math.round(m.winRate * 100)}% won, ${Math.round(m.meanUsedShare * 100)}% used`).join("; ");
  }, 60_000);

  it("levels 1-3 are won by nearly every run; level 1 by at least 90 %", () => {
    expect(measures[0]!.winRate, table).toBeGreaterThanOrEqual(0.9);
    for (const m of early.slice(0, 3)) expect(m.winRate, table).toBeGreaterThanOrEqual(0.85);
  });

  it("the last third is hard but winnable: 25-75 % won, the last level at most 65 %", () => {
    expect(mean(late.map((m) => m.winRate)), table).toBeLessThanOrEqual(0.75);
    expect(mean(late.map((m) => m.winRate)), table).toBeGreaterThanOrEqual(0.25);
    expect(measures.at(-1)!.winRate, table).toBeLessThanOrEqual(0.65);
    for (const m of measures) expect(m.winRate, `${m.id}: ${table}`).toBeGreaterThan(0.2);
  });

  it("win rate falls and budget used rises from third to third", () => {
    const win = [early, middle, late].map((t) => mean(t.map((m) => m.winRate)));
    const used = [early, middle, late].map((t) => mean(t.map((m) => m.meanUsedShare)));
    expect(win[0]! - win[2]!, table).toBeGreaterThanOrEqual(0.25);
    expect(win[0]!, table).toBeGreaterThanOrEqual(win[1]!);
    expect(used[0]!, table).toBeLessThan(used[1]!);
    expect(used[1]!, table).toBeLessThan(used[2]!);
    expect(used[2]!, table).toBeGreaterThanOrEqual(0.85);
  });

  it("a win earns 1-3 stars: some runs earn 3, not every winning run does on the last third", () => {
    const threeStar = mean(measures.map((m) => m.starShares[2]));
    expect(threeStar, table).toBeGreaterThan(0);
    for (const m of late) expect(m.starShares[2], `${m.id}: ${table}`).toBeLessThan(m.winRate);
  });
});
