import { z } from "zod";
import { memoByJson } from "@/server/lib/memo-by-json";
import { FRAUD_RULES } from "./rules/registry";

/**
 * A project's fraud gate configuration (`project.fraud_config`): decision thresholds on the total
 * risk score (0–100), how long a hold lasts, and per rule its switch, weight and thresholds. Every
 * field has a default, so `{}` is a complete configuration.
 */
const ZFraudThresholds = z
  .object({ hold: z.number().int().min(1).max(100).default(30), review: z.number().int().min(1).max(100).default(60), reject: z.number().int().min(1).max(101).default(90) })
  .refine((t) => t.hold <= t.review && t.review <= t.reject, { message: "thresholds must be ordered hold ≤ review ≤ reject" });

export const ZFraudConfig = z.object({
  thresholds: ZFraudThresholds.default({ hold: 30, review: 60, reject: 90 }),
  hold_minutes: z.number().int().min(1).max(7 * 24 * 60).default(60),
  rules: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
});
export type TFraudConfigInput = z.input<typeof ZFraudConfig>;

export type TResolvedFraudConfig = {
  thresholds: { hold: number; review: number; reject: number };
  holdMinutes: number;
  rules: Array<{ rule: (typeof FRAUD_RULES)[number]; config: { enabled: boolean; weight: number } & Record<string, unknown> }>;
};

/**
 * Parses stored configuration with defaults; an unknown rule type or a bad value is refused.
 * Every claim decision reads its project's configuration, and parsing it (the configuration and
 * each rule's schema) cost more than the rest of the decision's own work: it is parsed once per
 * stored value, and the answer is shared, frozen.
 */
export const resolveFraudConfig: (raw: unknown) => Readonly<TResolvedFraudConfig> = memoByJson((raw: unknown) => freeze(parseFraudConfig(raw)));

/** Freezes the configuration's own data: not the rules it points to (the registry's, with their schemas). */
function freeze(c: TResolvedFraudConfig): Readonly<TResolvedFraudConfig> {
  Object.freeze(c.thresholds);
  for (const r of c.rules) Object.freeze(Object.freeze(r).config);
  Object.freeze(c.rules);
  return Object.freeze(c);
}

function parseFraudConfig(raw: unknown): TResolvedFraudConfig {
  const c = ZFraudConfig.parse(raw ?? {});
  for (const type of Object.keys(c.rules)) {
    if (!FRAUD_RULES.some((r) => r.type === type)) throw new Error(`unknown fraud rule ${type}`);
  }
  return {
    thresholds: c.thresholds,
    holdMinutes: c.hold_minutes,
    rules: FRAUD_RULES.map((rule) => ({ rule, config: rule.config.parse(c.rules[rule.type] ?? {}) as { enabled: boolean; weight: number } })),
  };
}

/**
 * What is wrong with a parsed configuration's rules, each problem with its path
 * (`rules.<type>.<field>`, as the console's form names its fields); empty when every rule is valid.
 */
export function ruleConfigIssues(c: z.output<typeof ZFraudConfig>): Array<{ path: string; message: string }> {
  return Object.entries(c.rules).flatMap(([type, raw]) => {
    const rule = FRAUD_RULES.find((r) => r.type === type);
    if (!rule) return [{ path: `rules.${type}`, message: `unknown fraud rule ${type}` }];
    const parsed = rule.config.safeParse(raw);
    return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: ["rules", type, ...i.path.map(String)].join("."), message: i.message }));
  });
}

/** The whole configuration with every default filled in, as the admin API shows it. */
export function describeFraudConfig(raw: unknown) {
  const r = resolveFraudConfig(raw);
  return {
    thresholds: r.thresholds,
    hold_minutes: r.holdMinutes,
    rules: r.rules.map(({ rule, config }) => ({ type: rule.type, summary: rule.summary, ...config })),
  };
}
