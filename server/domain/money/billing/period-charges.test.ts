import { describe, expect, it } from "vitest";
import { periodCharges } from "./period-charges";
import { planById } from "./plans";

const free = planById("free")!;
const growth = planById("growth")!;
const scale = planById("scale")!;

describe("periodCharges", () => {
  it("a period on one plan: its fee and the overage above its players", () => {
    expect(periodCharges({ began: growth, ended: growth, onBegan: 1, mau: 12_000 })).toEqual([
      { description: "Growth plan", quantity: 1, unit_cents: 4900, amount_cents: 4900 },
      { description: "2,000 players above 10,000 (per started 1,000)", quantity: 2, unit_cents: 500, amount_cents: 1000 },
    ]);
    expect(periodCharges({ began: free, ended: free, onBegan: 1, mau: 5_000 })).toEqual([]);
  });

  it("an upgrade mid-period: the fee of the plan the period began on (the proration paid the rest), players and rate by time", () => {
    // Growth → Scale half-way: $49 (with the $75 proration, $124 for the month, not $274), 55,000 included at $4.
    expect(periodCharges({ began: growth, ended: scale, onBegan: 0.5, mau: 50_000 })).toEqual([{ description: "Growth plan", quantity: 1, unit_cents: 4900, amount_cents: 4900 }]);
    expect(periodCharges({ began: growth, ended: scale, onBegan: 0.5, mau: 60_000 })).toEqual([
      { description: "Growth plan", quantity: 1, unit_cents: 4900, amount_cents: 4900 },
      { description: "5,000 players above 55,000 (per started 1,000)", quantity: 5, unit_cents: 400, amount_cents: 2000 },
    ]);
    // Free → Growth a quarter of the way in: no fee for the month's start, 7,750 included at $3.75 → $4 a thousand.
    expect(periodCharges({ began: free, ended: growth, onBegan: 0.25, mau: 8_000 })).toEqual([
      { description: "250 players above 7,750 (per started 1,000)", quantity: 1, unit_cents: 375, amount_cents: 375 },
    ]);
  });

  it("an upgrade in the period's last hour leaves its overage nearly whole", () => {
    const lastHour = 1 - 1 / (30 * 24);
    const [, over] = periodCharges({ began: growth, ended: scale, onBegan: lastHour, mau: 90_000 });
    expect(over!.amount_cents).toBeGreaterThanOrEqual(80 * 500 - 100);
  });
});
