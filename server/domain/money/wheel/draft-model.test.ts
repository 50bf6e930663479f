import { describe, expect, it } from "vitest";
import { DEFAULT_ECONOMY } from "@/server/domain/money/economy/config";
import { AppError } from "@/server/errors/app-error";
import { assertDraftFitsEconomy, canonicalJson, defaultDraft, draftHash, expectedCostPerSpin, segmentCostMinor, ZWheelDraftSchema } from "./draft-model";

const base = () => defaultDraft("daily", DEFAULT_ECONOMY, "Shop");

describe("wheel drafts", () => {
  it("start from a valid default with tickets, coins and an uncapped no-cost segment", () => {
    const d = ZWheelDraftSchema.parse(base());
    expect(d.segments.map((s) => s.award.type)).toContain("nothing");
    expect(d.segments.some((s) => s.award.type === "resource" && s.award.resource_id === "coins")).toBe(true);
    expect(() => assertDraftFitsEconomy(d, DEFAULT_ECONOMY, true)).not.toThrow();
    expect(ZWheelDraftSchema.parse(defaultDraft("site", DEFAULT_ECONOMY, "Shop")).max_spins_per_day).toBe(1);
  });

  it("label Playloop's own coins in every language, and a resource the site named in its own words", () => {
    const coins = (d: ReturnType<typeof base>) => d.segments.filter((s) => s.award.type === "resource");
    expect(coins(base()).map((s) => [s.label, s.label_translations?.de, s.label_translations?.ja, s.label_translations?.pl])).toEqual([
      ["10 coins", "10 Münzen", "10コイン", "10 monet"],
      ["25 coins", "25 Münzen", "25コイン", "25 monet"],
      ["100 coins", "100 Münzen", "100コイン", "100 monet"],
    ]);
    const gems = { ...DEFAULT_ECONOMY, resources: DEFAULT_ECONOMY.resources.map((r) => (r.id === "coins" ? { ...r, name: "Edelsteine" } : r)) };
    expect(coins(defaultDraft("daily", gems, "Shop")).map((s) => [s.label, s.label_translations])).toEqual([
      ["10 Edelsteine", undefined],
      ["25 Edelsteine", undefined],
      ["100 Edelsteine", undefined],
    ]);
    const passes = { ...DEFAULT_ECONOMY, resources: DEFAULT_ECONOMY.resources.map((r) => (r.id === "tickets" ? { ...r, name: "Lose" } : r)) };
    const ticketSlices = (d: ReturnType<typeof base>) => d.segments.filter((s) => s.award.type === "tickets").map((s) => [s.label, s.label_translations]);
    expect(ticketSlices(defaultDraft("daily", passes, "Shop"))).toEqual([["1 Lose", undefined], ["3 Lose", undefined]]);
    expect(ticketSlices(base()).map(([label]) => label)).toEqual(["1 ticket", "3 tickets"]);
  });

  it("hash canonically: key order does not matter, any value does", () => {
    const d = ZWheelDraftSchema.parse(base());
    const reordered = Object.fromEntries(Object.entries(d).reverse());
    expect(canonicalJson(reordered)).toBe(canonicalJson(d));
    expect(draftHash(ZWheelDraftSchema.parse(reordered))).toBe(draftHash(d));
    expect(draftHash({ ...d, ticket_cost: d.ticket_cost + 1 })).not.toBe(draftHash(d));
  });

  it("cost awards in minor units through resource_costs_minor", () => {
    const d = ZWheelDraftSchema.parse({ ...base(), resource_costs_minor: { tickets: 10, coins: 2 } });
    const coins25 = d.segments.find((s) => s.id === "coins_25")!;
    expect(segmentCostMinor(d, coins25)).toBe(50);
    expect(segmentCostMinor(d, d.segments.find((s) => s.award.type === "nothing")!)).toBe(0);
    const total = d.segments.reduce((n, s) => n + s.weight, 0);
    expect(expectedCostPerSpin(d)).toBeCloseTo(d.segments.reduce((n, s) => n + (s.weight / total) * segmentCostMinor(d, s), 0), 9);
  });

  it("refuse drafts without a no-cost fallback, with a capped one, with duplicate ids, without costs or with max below free", () => {
    const d = base();
    const issues = (draft: unknown) => ZWheelDraftSchema.safeParse(draft).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(issues({ ...d, segments: d.segments.filter((s) => s.award.type !== "nothing") })).toContain("segments");
    expect(issues({ ...d, segments: d.segments.map((s) => (s.award.type === "nothing" ? { ...s, caps: { daily: 5 } } : s)) })).toContain(`segments.${d.segments.length - 1}.caps`);
    expect(issues({ ...d, segments: [...d.segments, d.segments[0]] })).toContain(`segments.${d.segments.length}.id`);
    expect(issues({ ...d, resource_costs_minor: { tickets: 10 } })).toContain("resource_costs_minor.coins");
    expect(issues({ ...d, free_spins_per_day: 4, max_spins_per_day: 3 })).toContain("max_spins_per_day");
    expect(issues({ ...d, segments: [{ ...d.segments[0], icon: "skull" }, ...d.segments.slice(1)] })).toContain("segments.0.icon");
    expect(issues({ ...d, segments: [{ ...d.segments[0], weight: 0 }, ...d.segments.slice(1)] })).toContain("segments.0.weight");
  });

  it("must fit the project's economy", () => {
    const d = ZWheelDraftSchema.parse({ ...base(), segments: [...base().segments, { id: "gems", label: "Gems", icon: "gift", award: { type: "resource", resource_id: "gems", amount: 1 }, weight: 1 }], resource_costs_minor: { tickets: 10, coins: 1, gems: 5 } });
    const err = (() => {
      try {
        assertDraftFitsEconomy(d, DEFAULT_ECONOMY, true);
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(err?.appCode).toBe("validation_error");
    expect((err?.details?.issues as Array<{ path: string }>).map((i) => i.path)).toEqual([`segments.${d.segments.length - 1}.award.resource_id`, "resource_costs_minor.gems"]);
    expect(() => assertDraftFitsEconomy(ZWheelDraftSchema.parse(base()), DEFAULT_ECONOMY, false)).toThrow(AppError);
  });
});
