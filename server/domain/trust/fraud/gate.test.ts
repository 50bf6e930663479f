import { describe, expect, it } from "vitest";
import { resolveFraudConfig } from "./config";
import { scoreClaim } from "./gate";
import type { TFraudSignals } from "./rules/define";

const at = new Date("2026-11-23T12:00:00Z");
const calm: TFraudSignals = {
  subjectType: "verified",
  run: { replayVerified: true, commands: 12, refused: 1, durationMs: 40_000, minGapMs: 900, medianGapMs: 2_500 },
  playersSameAddress24h: 1,
  unresolvedFlags7d: 0,
  claimsLastHour: 0,
};
const defaults = resolveFraudConfig({});

describe("fraud value gate (default configuration)", () => {
  it("delivers a person's pace at once", () => {
    expect(scoreClaim(calm, defaults, null, at)).toMatchObject({ score: 0, decision: "deliver", reasons: [], flags: [], holdUntil: null });
  });

  it("holds a scripted pace for hold_minutes, with a flag", () => {
    const r = scoreClaim({ ...calm, run: { ...calm.run!, medianGapMs: 120, minGapMs: 40 } }, defaults, null, at);
    expect(r).toMatchObject({ score: 40, decision: "hold", reasons: ["command_pace"], flags: [{ kind: "fast_commands" }] });
    expect(r.holdUntil).toEqual(new Date(at.getTime() + 60 * 60_000));
  });

  it("adds rules up to review and reject, and caps the score at 100", () => {
    const busy = { ...calm, run: { ...calm.run!, medianGapMs: 100 }, playersSameAddress24h: 30 };
    expect(scoreClaim(busy, defaults, null, at)).toMatchObject({ score: 70, decision: "review" });
    expect(scoreClaim({ ...busy, playersSameAddress24h: 150, claimsLastHour: 20 }, defaults, null, at)).toMatchObject({ score: 100, decision: "reject" });
  });

  it("rejects a replay mismatch, even for a trusted player", () => {
    const forged = { ...calm, run: { ...calm.run!, replayVerified: false } };
    expect(scoreClaim(forged, defaults, "trusted", at)).toMatchObject({ decision: "reject", reasons: ["replay_mismatch"] });
  });

  it("lets the manual status override: blocked rejects, watch reviews, trusted delivers", () => {
    expect(scoreClaim(calm, defaults, "blocked", at).decision).toBe("reject");
    expect(scoreClaim(calm, defaults, "watch", at).decision).toBe("review");
    expect(scoreClaim({ ...calm, run: { ...calm.run!, medianGapMs: 100 } }, defaults, "trusted", at).decision).toBe("deliver");
  });

  it("uses the project's weights, switches and thresholds", () => {
    const fast = { ...calm, run: { ...calm.run!, medianGapMs: 100 } };
    expect(scoreClaim(fast, resolveFraudConfig({ rules: { command_pace: { enabled: false } } }), null, at).decision).toBe("deliver");
    expect(scoreClaim(fast, resolveFraudConfig({ rules: { command_pace: { weight: 2.5 } } }), null, at)).toMatchObject({ score: 100, decision: "reject" });
    expect(scoreClaim(fast, resolveFraudConfig({ thresholds: { hold: 50, review: 70, reject: 95 } }), null, at).decision).toBe("deliver");
    expect(() => resolveFraudConfig({ rules: { nope: {} } })).toThrow(/unknown fraud rule/);
  });

  it("needs enough commands before judging pace or refusals", () => {
    expect(scoreClaim({ ...calm, run: { ...calm.run!, commands: 3, medianGapMs: 10 } }, defaults, null, at).decision).toBe("deliver");
    expect(scoreClaim({ ...calm, run: { ...calm.run!, commands: 40, refused: 30 } }, defaults, null, at)).toMatchObject({ score: 20, reasons: ["refusal_ratio"] });
  });
});

describe("resolved configurations", () => {
  it("are parsed once per stored value, shared frozen, and a bad one is refused every time", () => {
    const stored = { rules: { command_pace: { weight: 2 } } };
    const first = resolveFraudConfig(stored);
    expect(resolveFraudConfig(JSON.parse(JSON.stringify(stored)))).toBe(first);
    expect(resolveFraudConfig({ rules: { command_pace: { weight: 3 } } })).not.toBe(first);
    expect(first.rules.find((r) => r.rule.type === "command_pace")?.config.weight).toBe(2);
    expect(() => ((first.thresholds as { hold: number }).hold = 1)).toThrow(TypeError);
    expect(() => ((first.rules[0]!.config as { weight: number }).weight = 9)).toThrow(TypeError);
    for (let i = 0; i < 2; i++) expect(() => resolveFraudConfig({ rules: { nope: {} } })).toThrow(/unknown fraud rule/);
  });
});
