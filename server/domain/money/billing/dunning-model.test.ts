import { describe, expect, it } from "vitest";
import { dunningView, lapsingAt, planAfterLapse, planAfterPayment, upgradeBlockers, type TUnpaidInvoice } from "./dunning-model";
import { planById } from "./plans";

const DAY = 86_400_000;
const t0 = new Date("2026-05-01T00:00:00Z");
const inv = (o: Partial<TUnpaidInvoice>): TUnpaidInvoice => ({ id: "i", plan_id: "growth", fallback_plan_id: "free", total_cents: 1000, due_at: t0, lapsed_at: null, ...o });
const at = (days: number) => new Date(t0.getTime() + days * DAY);

describe("dunning", () => {
  it("is ok before the due date, past_due after it, and says when and to what the plan returns", () => {
    expect(dunningView([inv({})], at(-1), 7)).toMatchObject({ status: "ok", amount_past_due_cents: 0, plan_returns_at: null });
    expect(dunningView([inv({}), inv({ id: "j", total_cents: 500, due_at: at(3) })], at(1), 7)).toEqual({
      status: "past_due", amount_past_due_cents: 1000, plan_returns_at: at(7).toISOString(), returns_to_plan_id: "free", restores_plan_id: null,
    });
  });

  it("takes back a plan only once its grace has run out, to the cheapest fallback, never up", () => {
    const unpaid = [inv({ id: "a", fallback_plan_id: "growth", plan_id: "scale" }), inv({ id: "b", due_at: at(2) })];
    expect(lapsingAt(unpaid, at(6.9), 7)).toEqual([]);
    expect(lapsingAt(unpaid, at(7), 7).map((i) => i.id)).toEqual(["a"]);
    expect(planAfterLapse(planById("scale")!, lapsingAt(unpaid, at(7), 7)).plan_id).toBe("growth");
    expect(planAfterLapse(planById("scale")!, lapsingAt(unpaid, at(9), 7)).plan_id).toBe("free");
    expect(planAfterLapse(planById("free")!, lapsingAt(unpaid, at(9), 7)).plan_id).toBe("free");
    expect(dunningView([inv({ lapsed_at: at(7), plan_id: "scale" })], at(8), 7)).toMatchObject({ restores_plan_id: "scale", plan_returns_at: null });
  });

  it("restores the plan a payment bought unless another is still taken back or a dearer one is in force", () => {
    const free = planById("free")!;
    expect(planAfterPayment(free, { plan_id: "growth", lapsed_at: at(7) }, []).plan_id).toBe("growth");
    expect(planAfterPayment(free, { plan_id: "growth", lapsed_at: null }, []).plan_id).toBe("free");
    expect(planAfterPayment(free, { plan_id: "growth", lapsed_at: at(7) }, [inv({ lapsed_at: at(7) })]).plan_id).toBe("free");
    expect(planAfterPayment(planById("scale")!, { plan_id: "growth", lapsed_at: at(7) }, []).plan_id).toBe("scale");
  });

  it("lets no dearer plan be bought while an invoice is past due, taken back or not", () => {
    const unpaid = [inv({ id: "a", due_at: at(3) }), inv({ id: "b", due_at: at(5), lapsed_at: null })];
    expect(upgradeBlockers(unpaid, at(2.9))).toEqual([]);
    expect(upgradeBlockers(unpaid, at(3)).map((i) => i.id)).toEqual(["a"]);
    expect(upgradeBlockers([inv({ lapsed_at: at(7) })], at(8)).map((i) => i.id)).toEqual(["i"]);
    expect(upgradeBlockers([], at(8))).toEqual([]);
  });
});
