import { describe, expect, it } from "vitest";
import { rewardSummary } from "../_rewards/campaign-summary";
import type { TCampaign } from "../_rewards/types";
import { draftFromCampaign, emptyDraft } from "./campaign-draft";

/** An amount without its own currency is in the project's, on every page (as Insights values it). */
describe("a campaign's money without its own currency", () => {
  const meta = { discount_minor: 500 };

  it("reads in the project's currency in the list", () => {
    expect(rewardSummary("promo_code", meta, "JPY")).toMatch(/¥\s?500 off/);
    expect(rewardSummary("promo_code", { ...meta, currency: "EUR" }, "JPY")).toMatch(/€\s?5\.00 off|5\.00\s?€ off/);
    expect(rewardSummary("promo_code", meta)).toContain("500 (minor units)");
  });

  it("reads in the project's currency in the edit form, and a new campaign starts in it", () => {
    const campaign = { reward_type: "promo_code", reward_metadata: meta, trigger_type: "game_won", trigger_params: {} } as unknown as TCampaign;
    expect(draftFromCampaign(campaign, "JPY")).toMatchObject({ currency: "JPY", discount_kind: "amount", discount_amount: "500" });
    expect(draftFromCampaign(campaign, "USD")).toMatchObject({ currency: "USD", discount_amount: "5" });
    expect(emptyDraft(null, "GBP").currency).toBe("GBP");
  });
});
