import { z } from "zod";

/**
 * The facts the fraud gate scores, gathered once per claim inside the claim's transaction. Run
 * facts are absent for rewards that do not come from a game run (a streak).
 */
export type TFraudSignals = {
  subjectType: "verified" | "anonymous";
  run: null | {
    /** The stored commands replayed through the pure engine reproduce the final state. */
    replayVerified: boolean;
    commands: number;
    refused: number;
    durationMs: number;
    minGapMs: number | null;
    medianGapMs: number | null;
  };
  /** Distinct players who started runs from this run's network address (keyed hash) in 24 h. */
  playersSameAddress24h: number;
  /** This player's unresolved fraud flags of the last 7 days. */
  unresolvedFlags7d: number;
  /** This player's claims in the project during the last hour (before this one). */
  claimsLastHour: number;
};

/** Every rule has an on/off switch and a weight multiplier an admin can change per project. */
export const ZRuleBase = z.object({ enabled: z.boolean().default(true), weight: z.number().min(0).max(5).default(1) });

type TRuleResult = { score: number; reason: string; flag?: { kind: string; details: Record<string, unknown> } } | null;

/**
 * A fraud rule: data, not code paths. `config` holds its thresholds (with defaults); `evaluate`
 * is pure over the signals and returns a score contribution (0–100 before the weight), a
 * reason an admin can read, and optionally a flag to raise.
 */
export type TFraudRule<C extends z.ZodObject = z.ZodObject> = {
  type: string;
  summary: string;
  config: C;
  evaluate(signals: TFraudSignals, config: z.output<C>): TRuleResult;
};

export function defineFraudRule<C extends z.ZodObject>(rule: TFraudRule<C>): TFraudRule<C> {
  return rule;
}
