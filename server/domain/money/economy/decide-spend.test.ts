import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors/app-error";
import { appCodeOf, appErrorOf } from "@/server/errors/testing";
import { DEFAULT_ECONOMY } from "./config";
import { decideLedger, decideSpend, orderedChanges, sellsBooster } from "./decide-spend";

describe("decideSpend", () => {
  it("debits a booster's price in its resource", () => {
    const { booster, change } = decideSpend({ economy: DEFAULT_ECONOMY, boosterId: "gem_hammer" });
    expect(booster.effect).toBe("hammer");
    expect(change).toEqual({ resourceId: "coins", amount: -50 });
  });

  it("refuses a booster the project does not sell", () => {
    expect(appErrorOf(() => decideSpend({ economy: DEFAULT_ECONOMY, boosterId: "nope" }))).toMatchObject({ appCode: "not_found", message: "No booster nope", details: { booster_id: "nope" } });
    expect(sellsBooster(DEFAULT_ECONOMY, "nope")).toBe(false);
    expect(sellsBooster(DEFAULT_ECONOMY, "gem_hammer")).toBe(true);
  });
});

describe("orderedChanges", () => {
  it("orders changes by resource, and refuses an unknown resource or an amount that is zero or not a safe integer", () => {
    expect(orderedChanges(DEFAULT_ECONOMY, [{ resourceId: "tickets", amount: 1 }, { resourceId: "coins", amount: -2 }]).map((c) => c.resourceId)).toEqual(["coins", "tickets"]);
    expect(appErrorOf(() => orderedChanges(DEFAULT_ECONOMY, [{ resourceId: "gold", amount: 1 }]))).toMatchObject({ appCode: "validation_error", message: "Unknown resource gold", details: { resource_id: "gold" } });
    expect(appErrorOf(() => orderedChanges(DEFAULT_ECONOMY, [{ resourceId: "coins", amount: 0 }])).message).toBe("amount must be a non-zero integer");
    const three = { ...DEFAULT_ECONOMY, resources: [...DEFAULT_ECONOMY.resources, { id: "gems", name: "Gems", starting_balance: 0 }] };
    const order = (ids: string[]) => orderedChanges(three, ids.map((resourceId) => ({ resourceId, amount: 1 }))).map((c) => c.resourceId);
    expect(order(["tickets", "gems", "coins"])).toEqual(["coins", "gems", "tickets"]);
    expect(order(["coins", "tickets", "gems"])).toEqual(["coins", "gems", "tickets"]);
    expect(order(["gems", "coins", "tickets"])).toEqual(["coins", "gems", "tickets"]);
    expect(appCodeOf(() => orderedChanges(DEFAULT_ECONOMY, [{ resourceId: "coins", amount: 0 }]))).toBe("validation_error");
    expect(appCodeOf(() => orderedChanges(DEFAULT_ECONOMY, [{ resourceId: "coins", amount: 0.5 }]))).toBe("validation_error");
    expect(appCodeOf(() => orderedChanges(DEFAULT_ECONOMY, [{ resourceId: "coins", amount: 2 ** 53 }]))).toBe("validation_error");
  });
});

describe("decideLedger", () => {
  const base = { economy: DEFAULT_ECONOMY, source: "spend", reference: "gem_hammer", idempotencyKey: "k1" };

  it("records a created row's starting balance first, then the change with the balance after it", () => {
    const d = decideLedger({ ...base, changes: [{ resourceId: "coins", amount: -50 }], locked: [{ resource_id: "coins", balance: 100 }], created: [{ resource_id: "coins", balance: 100 }] });
    expect(d.balances).toEqual({ coins: 50 });
    expect(d.entries).toEqual([
      { resource_id: "coins", amount: 100, balance_after: 100, source: "starting", reference: null, idempotency_key: null },
      { resource_id: "coins", amount: -50, balance_after: 50, source: "spend", reference: "gem_hammer", idempotency_key: "k1" },
    ]);
  });

  it("takes a balance to exactly zero, and refuses one unit more with what is available and needed", () => {
    expect(decideLedger({ ...base, changes: [{ resourceId: "coins", amount: -50 }], locked: [{ resource_id: "coins", balance: 50 }], created: [] }).balances).toEqual({ coins: 0 });
    try {
      decideLedger({ ...base, changes: [{ resourceId: "coins", amount: -51 }], locked: [{ resource_id: "coins", balance: 50 }], created: [] });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).appCode).toBe("insufficient_balance");
      expect((e as AppError).details).toEqual({ resource_id: "coins", balance: 50, needed: 51 });
      expect((e as AppError).message).toBe("Not enough Coins: 50 available, 51 needed");
    }
  });

  it("a created row at zero is no ledger row", () => {
    expect(decideLedger({ ...base, changes: [{ resourceId: "coins", amount: 5 }], locked: [{ resource_id: "coins", balance: 0 }], created: [{ resource_id: "coins", balance: 0 }] }).entries).toHaveLength(1);
  });

  it("property: a decided change never leaves a balance below zero, and every entry's balance_after is its running balance", () => {
    const arb = fc.record({ coins: fc.integer({ min: 0, max: 1_000 }), tickets: fc.integer({ min: 0, max: 1_000 }), dc: fc.integer({ min: -1_500, max: 1_500 }).filter((n) => n !== 0), dt: fc.integer({ min: -1_500, max: 1_500 }).filter((n) => n !== 0) });
    fc.assert(
      fc.property(arb, ({ coins, tickets, dc, dt }) => {
        const changes = orderedChanges(DEFAULT_ECONOMY, [{ resourceId: "tickets", amount: dt }, { resourceId: "coins", amount: dc }]);
        const locked = [{ resource_id: "coins", balance: coins }, { resource_id: "tickets", balance: tickets }];
        const refused = coins + dc < 0 || tickets + dt < 0;
        if (refused) {
          expect(() => decideLedger({ ...base, changes, locked, created: [] })).toThrow(AppError);
          return;
        }
        const d = decideLedger({ ...base, changes, locked, created: [] });
        expect(d.balances).toEqual({ coins: coins + dc, tickets: tickets + dt });
        expect(d.entries.map((e) => [e.resource_id, e.amount, e.balance_after])).toEqual([["coins", dc, coins + dc], ["tickets", dt, tickets + dt]]);
      }),
    );
  });
});
