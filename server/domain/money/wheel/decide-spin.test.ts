import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_ECONOMY } from "@/server/domain/money/economy/config";
import { appCodeOf, appErrorOf } from "@/server/errors/testing";
import { answerStoredSpin, decideDraw, decideSpin } from "./decide-spin";
import { defaultDraft, segmentCostMinor, ZWheelDraftSchema, type TWheelDraft } from "./draft-model";
import type { TPlayerWheel } from "./player-wheel";

const config = ZWheelDraftSchema.parse(defaultDraft("daily", DEFAULT_ECONOMY, "Shop")); // 1 free spin, 3 a day, 1 ticket each
const wheel = (over: Partial<TPlayerWheel> = {}): TPlayerWheel => ({
  gameMode: "rewards", defaultLanguage: "en", economyEnabled: true, economy: DEFAULT_ECONOMY, timezone: "UTC", today: "2026-11-28", resetsAt: new Date("2026-11-29T00:00:00Z"),
  published: { version: 4, config, weightsCommitment: "c", publishedAt: new Date("2026-11-01T00:00:00Z") }, ...over,
});
const spin = (over: { wheel?: TPlayerWheel; spins?: number; free?: number; subjectType?: "verified" | "anonymous"; wheelVersion?: number } = {}) =>
  decideSpin({ wheel: over.wheel ?? wheel(), counts: { spins: over.spins ?? 0, free: over.free ?? 0 }, subjectType: over.subjectType ?? "verified", wheelVersion: over.wheelVersion ?? 4 });

describe("decideSpin", () => {
  it("spends the free spin first, then tickets, up to the day's maximum", () => {
    expect(spin()).toMatchObject({ kind: "free", ticketsSpent: 0 });
    expect(spin({ spins: 1, free: 1 })).toMatchObject({ kind: "ticket", ticketsSpent: 1 });
    expect(spin({ spins: 2, free: 1 })).toMatchObject({ kind: "ticket", ticketsSpent: 1 });
    expect(spin({ spins: 1, free: 0 })).toMatchObject({ kind: "free", ticketsSpent: 0 }); // one free and one paid spin left
    expect(appErrorOf(() => spin({ spins: 3, free: 1 }))).toMatchObject({ appCode: "wheel_spins_exhausted", message: "No spins left today", details: { resets_at: "2026-11-29T00:00:00.000Z" } });
  });

  it("says which version is current, and that the economy is off", () => {
    expect(appErrorOf(() => spin({ wheelVersion: 3 }))).toMatchObject({ message: "The wheel is at version 4", details: { current_version: 4 } });
    expect(appErrorOf(() => spin({ wheel: wheel({ economyEnabled: false }) })).message).toBe("The project's economy is switched off");
  });

  it("refuses, in this order: an anonymous player in a rewards project, an unpublished wheel, a stale version, a switched-off economy", () => {
    expect(appCodeOf(() => spin({ subjectType: "anonymous", wheel: wheel({ published: null, economyEnabled: false }) }))).toBe("forbidden");
    expect(spin({ subjectType: "anonymous", wheel: wheel({ gameMode: "free_play" }) }).kind).toBe("free");
    expect(appCodeOf(() => spin({ wheel: wheel({ published: null, economyEnabled: false }), wheelVersion: 3 }))).toBe("wheel_config_missing");
    expect(appCodeOf(() => spin({ wheel: wheel({ economyEnabled: false }), wheelVersion: 3 }))).toBe("wheel_version_stale");
    expect(appCodeOf(() => spin({ wheel: wheel({ economyEnabled: false }), spins: 9 }))).toBe("economy_disabled");
  });
});

describe("answerStoredSpin", () => {
  it("answers the same request as stored and refuses another one", () => {
    const stored = { request_hash: "h1", spin_id: "s" };
    expect(answerStoredSpin(stored, "h1", "s")).toBe(stored);
    expect(appErrorOf(() => answerStoredSpin(stored, "h2", "s"))).toMatchObject({ appCode: "idempotency_conflict", message: "spin_id was already used for a different spin (wheel_id, wheel_version or source differ)", details: { spin_id: "s" } });
  });
});

describe("decideDraw", () => {
  const seed = { seed: "a".repeat(64), seedHash: "h", nonce: 7 };
  const room = { spentTotal: 0, awardsTotal: {}, spentToday: 0, awardsToday: {} };
  const spent = { spentTotal: config.budget_total_minor, awardsTotal: {}, spentToday: config.budget_daily_minor, awardsToday: {} };
  const draw = (o: { spinId?: string; budget?: typeof room; substitute?: boolean; c?: TWheelDraft } = {}) =>
    decideDraw({ config: o.c ?? config, economy: DEFAULT_ECONOMY, budget: o.budget ?? room, seed, spinId: o.spinId ?? "spin-1", substitute: o.substitute ?? false });

  it("is a function of the seed, the nonce and the spin id: the same inputs land the same segment", () => {
    expect(draw()).toEqual(draw());
    const landings = new Set(Array.from({ length: 40 }, (_, i) => draw({ spinId: `spin-${i}` }).record.outcome.segment.id));
    expect(landings.size).toBeGreaterThan(1);
  });

  it("property: lands inside the wheel; a prize that does not fit the budget, or any prize of a substituted attempt, becomes a no-cost segment by the same roll", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 36 }), fc.boolean(), fc.boolean(), (spinId, broke, substitute) => {
        const d = draw({ spinId, budget: broke ? spent : room, substitute });
        const { settled, outcome, drawnSegmentId } = d.record;
        const landed = config.segments[settled.index]!;
        expect(outcome.segment.id).toBe(landed.id);
        expect(config.segments[outcome.drawn_index]!.id).toBe(drawnSegmentId);
        if (settled.substituted) expect(landed.award.type).toBe("nothing");
        if (substitute) expect(landed.award.type).toBe("nothing");
        if (broke) expect(segmentCostMinor(config, landed)).toBe(0);
        if (!settled.substituted && !substitute) expect(settled.index).toBe(outcome.drawn_index);
        expect(d.award === null).toBe(landed.award.type === "nothing");
        if (d.award) expect(d.award.amount).toBeGreaterThan(0);
        expect(settled.costMinor).toBe(segmentCostMinor(config, landed));
      }),
      { numRuns: 300 },
    );
  });

  it("a segment at its daily cap is replaced", () => {
    const onlyBig = ZWheelDraftSchema.parse({ ...config, segments: config.segments.map((s) => ({ ...s, weight: s.id === "coins_100" || s.award.type === "nothing" ? s.weight : 0 })).filter((s) => s.weight > 0) });
    const capped = { ...room, awardsToday: { coins_100: 20 } };
    for (let i = 0; i < 30; i++) {
      const d = draw({ c: onlyBig, budget: capped, spinId: `s${i}` });
      expect(d.record.outcome.segment.id).not.toBe("coins_100");
    }
  });
});
