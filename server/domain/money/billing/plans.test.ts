import { describe, expect, it } from "vitest";
import { billingPeriod, overageCents, planById, PLANS, prorationCents, prorationLine, usageStatus } from "./plans";

const growth = planById("growth")!;
const free = planById("free")!;
const scale = planById("scale")!;

describe("billing periods", () => {
  it("is the UTC calendar month, end exclusive", () => {
    const p = billingPeriod(new Date("2026-02-28T23:59:59.999Z"));
    expect(p.start.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(p.end.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(billingPeriod(new Date("2026-03-01T00:00:00.000Z")).start.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(billingPeriod(new Date("2026-12-31T12:00:00Z")).end.toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});

describe("usage status and overage", () => {
  it("warns from 80 % and is over the limit above the included players", () => {
    expect(usageStatus(799, free)).toBe("ok");
    expect(usageStatus(800, free)).toBe("warning");
    expect(usageStatus(1000, free)).toBe("warning");
    expect(usageStatus(1001, free)).toBe("over_limit");
  });
  it("bills every started thousand above the included players on paid plans only", () => {
    expect(overageCents(10_000, growth)).toEqual({ extraPlayers: 0, blocks: 0, cents: 0 });
    expect(overageCents(10_001, growth)).toEqual({ extraPlayers: 1, blocks: 1, cents: 500 });
    expect(overageCents(12_000, growth)).toEqual({ extraPlayers: 2000, blocks: 2, cents: 1000 });
    expect(overageCents(5_000, free)).toEqual({ extraPlayers: 4000, blocks: 0, cents: 0 });
  });
});

describe("proration", () => {
  it("charges the price difference for the share of the month left", () => {
    // 1 April 00:00 of a 30-day month: the whole difference.
    expect(prorationCents(free, growth, new Date("2026-04-01T00:00:00Z")).cents).toBe(4900);
    // Half-way through April.
    expect(prorationCents(free, growth, new Date("2026-04-16T00:00:00Z")).cents).toBe(2450);
    expect(prorationCents(growth, scale, new Date("2026-04-16T00:00:00Z")).cents).toBe(7500);
  });
  it("charges what its line says: whole days left, today included, so $49 × 3/30 is $4.90 however late on the 28th", () => {
    for (const at of ["2026-11-28T00:00:00Z", "2026-11-28T07:12:00Z", "2026-11-28T23:59:59Z"]) {
      const pr = prorationCents(free, growth, new Date(at));
      expect(pr).toEqual({ cents: 490, daysLeft: 3, daysInPeriod: 30, differenceCents: 4900 });
      expect(prorationLine(free, growth, pr)).toBe("Upgrade Free → Growth: $49.00 price difference × 3/30 days left in the period (today included)");
    }
    // The last second of a 31-day month still counts its day; Growth → Scale's difference is $150.
    const last = prorationCents(growth, scale, new Date("2026-12-31T23:59:59Z"));
    expect(last).toMatchObject({ cents: 484, daysLeft: 1, daysInPeriod: 31 });
    expect(prorationLine(growth, scale, last)).toContain("$150.00 price difference × 1/31 days");
  });
  it("charges nothing for a downgrade", () => {
    expect(prorationCents(scale, growth, new Date("2026-04-16T00:00:00Z")).cents).toBe(0);
  });
});

describe("the plan table", () => {
  it("sells only what each plan enforces: its included players, what players above them cost (or, on Free, that new projects wait), and the same features for all", () => {
    for (const p of PLANS) {
      expect(p.features[0]).toBe(`${p.included_mau.toLocaleString("en-US")} monthly active players included`);
      expect(p.features[1]).toBe(
        p.overage_cents_per_1000 === null
          ? `Over ${p.included_mau.toLocaleString("en-US")}: play goes on; new projects wait for an upgrade`
          : `$${p.overage_cents_per_1000 / 100} per started 1,000 players above, on the next invoice`,
      );
    }
    expect(new Set(PLANS.map((p) => p.features.slice(2).join("|"))).size).toBe(1);
  });
});
