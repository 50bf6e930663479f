import { describe, expect, it } from "vitest";
import { decidePartitions, partitionMonth, partitionName } from "./decide-partitions";

const months = (...names: string[]) => names.map((n) => `player_event_${n}`);

describe("partition names", () => {
  it("reads and writes player_event_YYYY_MM", () => {
    expect(partitionMonth("player_event_2026_11")).toEqual(new Date("2026-11-01T00:00:00Z"));
    expect(partitionName(new Date("2026-02-01T00:00:00Z"))).toBe("player_event_2026_02");
    for (const other of ["player_event_default", "player_event_2026_13", "player_event_2026_1", "player_event_key", "x_2026_11"]) expect(partitionMonth(other)).toBeNull();
  });
});

describe("decidePartitions", () => {
  const now = new Date("2026-11-29T04:00:00Z");

  it("creates the current month and the months ahead that are missing", () => {
    const plan = decidePartitions({ existing: months("2026_11", "2027_01"), now, retentionMonths: 13, aheadMonths: 3 });
    expect(plan.create.map((d) => d.toISOString().slice(0, 7))).toEqual(["2026-12", "2027-02"]);
  });

  it("drops a month once all of it is older than the retention, never one that still holds kept events", () => {
    // 13 months before 2026-11-29 04:00 is 2025-10-29 04:00: September 2025 has expired, October not yet.
    const plan = decidePartitions({ existing: months("2025_08", "2025_09", "2025_10", "2025_11", "2026_11"), now, retentionMonths: 13, aheadMonths: 0 });
    expect(plan.cutoff).toEqual(new Date("2025-10-29T04:00:00Z"));
    expect(plan.drop).toEqual(months("2025_08", "2025_09"));
    // at midnight on 1 December 2026, the last instant of October 2025 is 13 months old
    const december = decidePartitions({ existing: months("2025_10", "2025_11"), now: new Date("2026-12-01T00:00:00Z"), retentionMonths: 13, aheadMonths: 0 });
    expect(december.drop).toEqual(months("2025_10"));
  });

  it("clamps the cutoff to the end of a shorter month", () => {
    expect(decidePartitions({ existing: [], now: new Date("2026-03-31T12:00:00Z"), retentionMonths: 1, aheadMonths: 0 }).cutoff).toEqual(new Date("2026-02-28T12:00:00Z"));
  });

  it("leaves the default partition and anything that is not a month alone", () => {
    const plan = decidePartitions({ existing: ["player_event_default", "player_event_1999_01_old"], now, retentionMonths: 4, aheadMonths: 0 });
    expect(plan.drop).toEqual([]);
  });
});
