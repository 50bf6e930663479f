import { z } from "zod";
import { defineFraudRule, ZRuleBase } from "./define";

/** Unresolved flags on the player in the last week raise the risk of everything they claim. */
export const recentFlagsRule = defineFraudRule({
  type: "recent_flags",
  summary: "The player has unresolved fraud flags from the last 7 days",
  config: ZRuleBase.extend({ flags: z.number().int().min(1).default(1), flags_high: z.number().int().min(1).default(3), score: z.number().min(0).max(100).default(20), score_high: z.number().min(0).max(100).default(50) }),
  evaluate(s, c) {
    if (s.unresolvedFlags7d < c.flags) return null;
    return { score: s.unresolvedFlags7d >= c.flags_high ? c.score_high : c.score, reason: "recent_flags" };
  },
});
