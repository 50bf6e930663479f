import { describe, expect, it } from "vitest";
import { cohortCostInWords, rewardsInWords, type TCohortCosts } from "./cohort-costs";

const cohort = (over: Partial<TCohortCosts> = {}): TCohortCosts => ({
  cohort: "treatment", d7_return: { returned: 2 }, rewards_granted: 3, rewards_by_type: { promo_code: 2, points: 1 }, reward_value_minor: 1000, rewards_with_value: 2,
  wheel_prizes: 4, wheel_prizes_cost_minor: 280, boosters_granted: 5, cost_minor: 1280, cost_per_retained_player_minor: 640, boosters_per_retained_player: 2.5, ...over,
});

describe("cohort costs in words", () => {
  it("names the rewards by type with plurals, in a stable order", () => {
    expect(rewardsInWords({ promo_code: 2, points: 1 })).toBe("1 points reward and 2 promo codes");
    expect(rewardsInWords({ gift: 1, free_shipping: 0 })).toBe("1 gift");
    expect(rewardsInWords({ loyalty_tier: 3 })).toBe("3 loyalty tier rewards");
    expect(rewardsInWords({})).toBe("no rewards");
  });

  it("says the cost per day-7 returner, what makes it and what is not money", () => {
    expect(cohortCostInWords(cohort(), "EUR")).toBe(
      "Players shown the widget cost €6.40 for each of the 2 players back on day 7 (€12.80 in all). Made of 1 points reward and 2 promo codes (€10.00 declared on 2 of 3), 4 wheel prizes (€2.80), and 5 boosters given. 1 reward has no declared value and adds no money here.",
    );
  });

  it("uses the currency's own minor unit and says when nobody is back yet", () => {
    const text = cohortCostInWords(cohort({ cohort: "control", rewards_granted: 0, rewards_by_type: {}, reward_value_minor: 0, rewards_with_value: 0, wheel_prizes: 1, wheel_prizes_cost_minor: 500, boosters_granted: 1, cost_minor: 500, cost_per_retained_player_minor: null, d7_return: { returned: 0 } }), "JPY");
    expect(text).toBe("Players not shown it cost ¥500 so far; nobody is back on day 7 yet, so there is no cost per retained player. Made of no rewards, 1 wheel prize (¥500), and 1 booster given.");
  });
});
