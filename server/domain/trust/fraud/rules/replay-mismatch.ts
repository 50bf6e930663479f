import { defineFraudRule, ZRuleBase } from "./define";

/** The run's stored commands do not reproduce its result: the win was not earned by play. */
export const replayMismatchRule = defineFraudRule({
  type: "replay_mismatch",
  summary: "The stored commands, replayed through the engine, do not reproduce the run's final state",
  config: ZRuleBase,
  evaluate(s) {
    if (!s.run || s.run.replayVerified) return null;
    return { score: 100, reason: "replay_mismatch", flag: { kind: "replay_mismatch", details: {} } };
  },
});
