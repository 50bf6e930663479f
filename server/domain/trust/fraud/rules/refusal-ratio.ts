import { z } from "zod";
import { defineFraudRule, ZRuleBase } from "./define";

/** Mostly refused moves: a client probing the engine rather than a player playing. */
export const refusalRatioRule = defineFraudRule({
  type: "refusal_ratio",
  summary: "Most of the run's commands were refused by the engine",
  config: ZRuleBase.extend({ ratio: z.number().min(0).max(1).default(0.5), min_commands: z.number().int().min(1).default(20), score: z.number().min(0).max(100).default(20) }),
  evaluate(s, c) {
    if (!s.run || s.run.commands < c.min_commands || s.run.refused / s.run.commands < c.ratio) return null;
    return { score: c.score, reason: "refusal_ratio", flag: { kind: "refused_commands", details: { refused: s.run.refused, commands: s.run.commands } } };
  },
});
