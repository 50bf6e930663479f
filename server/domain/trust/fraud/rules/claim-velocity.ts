import { z } from "zod";
import { defineFraudRule, ZRuleBase } from "./define";

/** Claims piling up within an hour: more rewards than a person earns by playing. */
export const claimVelocityRule = defineFraudRule({
  type: "claim_velocity",
  summary: "The player made many claims within the last hour",
  config: ZRuleBase.extend({ claims: z.number().int().min(1).default(10), score: z.number().min(0).max(100).default(40) }),
  evaluate(s, c) {
    if (s.claimsLastHour < c.claims) return null;
    return { score: c.score, reason: "claim_velocity", flag: { kind: "claim_velocity", details: { claims_last_hour: s.claimsLastHour } } };
  },
});
