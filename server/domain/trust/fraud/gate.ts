import type { TResolvedFraudConfig } from "./config";
import type { TFraudSignals } from "./rules/define";

export type TManualState = "trusted" | "watch" | "blocked";
export type TDecision = "deliver" | "hold" | "review" | "reject";

export type TGateResult = {
  score: number;
  decision: TDecision;
  reasons: string[];
  flags: Array<{ kind: string; details: Record<string, unknown> }>;
  holdUntil: Date | null;
};

/**
 * The fraud value gate, pure: the rules' weighted scores add up to a risk score (capped at 100),
 * which the project's thresholds turn into a decision. A manual status overrides: `blocked`
 * rejects, `watch` sends to review at least, `trusted` delivers unless the run's replay failed.
 */
export function scoreClaim(signals: TFraudSignals, config: TResolvedFraudConfig, manual: TManualState | null, at: Date): TGateResult {
  let total = 0;
  const reasons: string[] = [];
  const flags: TGateResult["flags"] = [];
  for (const { rule, config: rc } of config.rules) {
    if (!rc.enabled) continue;
    const r = rule.evaluate(signals, rc as never);
    if (!r) continue;
    total += r.score * rc.weight;
    reasons.push(r.reason);
    if (r.flag) flags.push(r.flag);
  }
  const score = Math.min(100, Math.round(total));
  const t = config.thresholds;
  let decision: TDecision = score >= t.reject ? "reject" : score >= t.review ? "review" : score >= t.hold ? "hold" : "deliver";
  if (manual === "blocked") {
    decision = "reject";
    reasons.push("manual_blocked");
  } else if (manual === "watch" && (decision === "deliver" || decision === "hold")) {
    decision = "review";
    reasons.push("manual_watch");
  } else if (manual === "trusted" && !reasons.includes("replay_mismatch")) {
    decision = "deliver";
    reasons.push("manual_trusted");
  }
  return { score, decision, reasons, flags, holdUntil: decision === "hold" ? new Date(at.getTime() + config.holdMinutes * 60_000) : null };
}
