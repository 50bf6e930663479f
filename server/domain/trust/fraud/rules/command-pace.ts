import { z } from "zod";
import { defineFraudRule, ZRuleBase } from "./define";

/**
 * Commands faster than a person can look and tap: a run whose median gap between commands is
 * below `median_gap_ms`, or which has several gaps below `min_gap_ms`, is paced by a script.
 */
export const commandPaceRule = defineFraudRule({
  type: "command_pace",
  summary: "Commands arrive faster than a person can play",
  config: ZRuleBase.extend({ median_gap_ms: z.number().int().min(0).default(250), min_gap_ms: z.number().int().min(0).default(60), min_commands: z.number().int().min(1).default(4), score: z.number().min(0).max(100).default(40) }),
  evaluate(s, c) {
    if (!s.run || s.run.commands < c.min_commands || s.run.medianGapMs === null) return null;
    const tooFast = s.run.medianGapMs < c.median_gap_ms || (s.run.minGapMs !== null && s.run.minGapMs < c.min_gap_ms && s.run.medianGapMs < c.median_gap_ms * 2);
    if (!tooFast) return null;
    return { score: c.score, reason: "command_pace", flag: { kind: "fast_commands", details: { median_gap_ms: s.run.medianGapMs, min_gap_ms: s.run.minGapMs } } };
  },
});
