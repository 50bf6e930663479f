import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TTriggerEvent, TTriggerRun } from "@/server/domain/money/campaigns/triggers/define";
import type { TFraudSignals } from "@/server/domain/trust/fraud/rules/define";
import { decideClaims, matchCampaigns, type TClaimCampaign, type TClaimProject } from "./decide-claims";

const AT = new Date("2026-11-28T12:00:00.000Z");

const campaign = (over: Partial<TClaimCampaign> = {}): TClaimCampaign => ({
  id: "00000000-0000-4000-8000-00000000c001", triggerType: "game_won", triggerParams: {}, rewardType: "coupon", rewardMetadata: {},
  maxPerUser: 3, maxTotal: null, cooldownSeconds: 0, webhookUrl: null, claimsCount: 0, mineCount: 0, mineLast: null, ...over,
});

const project = (campaigns: TClaimCampaign[] | null, over: Partial<TClaimProject> = {}) => ({ gameMode: "rewards", fraudConfig: {}, webhookUrl: "https://shop.example/hook", lifecycleEvents: false, campaigns, ...over });

const run = { id: "00000000-0000-4000-8000-000000000001", mechanic: "match3_v1", level_number: 4, level_id: "m3-4", track_version: 1 } satisfies TTriggerRun;
const won = (firstCompletion = true): TTriggerEvent => ({
  source: "run", projectId: "p", externalUserId: "player-1", run, score: 10, at: AT,
  progression: { first_completion: firstCompletion, track_complete: false },
});

/** A fresh verified player's human-paced win: nothing for the gate to doubt. */
const honest: TFraudSignals = { subjectType: "verified", run: { replayVerified: true, commands: 20, refused: 0, durationMs: 60_000, minGapMs: 900, medianGapMs: 2_500 }, playersSameAddress24h: 1, unresolvedFlags7d: 0, claimsLastHour: 0 };

describe("matchCampaigns", () => {
  it("matches a first win against the campaigns whose trigger and parameters fit", () => {
    const fits = campaign({ id: "a", triggerParams: { mechanic: "match3_v1", level_min: 2 } });
    const otherGame = campaign({ id: "b", triggerParams: { mechanic: "memory_v1" } });
    const tooHigh = campaign({ id: "c", triggerParams: { level_min: 5 } });
    const badParams = campaign({ id: "d", triggerParams: { level_min: "two" } });
    const streak = campaign({ id: "e", triggerType: "streak_reached", triggerParams: { days: 3 } });
    const unknown = campaign({ id: "f", triggerType: "retired_trigger", triggerParams: {} });
    const matched = matchCampaigns(project([fits, otherGame, tooHigh, badParams, streak, unknown]), won());
    expect(matched.map((m) => m.campaign.id)).toEqual(["a"]);
    expect(matched[0]!.match).toEqual({ runId: run.id, mechanic: "match3_v1", levelNumber: 4, levelId: "m3-4", perLevelKey: true });
  });

  it("matches nothing in free play, without a project or campaigns, or for a win that is not a first completion", () => {
    expect(matchCampaigns(project([campaign()], { gameMode: "free_play" }), won())).toEqual([]);
    expect(matchCampaigns(undefined, won())).toEqual([]);
    expect(matchCampaigns(project(null), won())).toEqual([]);
    expect(matchCampaigns(project([campaign()]), won(false))).toEqual([]);
  });
});

describe("decideClaims", () => {
  const decide = (campaigns: TClaimCampaign[], signals = honest, manual: "trusted" | "watch" | "blocked" | null = null) =>
    decideClaims({ matched: matchCampaigns(project(campaigns), won()), event: { externalUserId: "player-1", at: AT }, fraudConfig: {}, manual, signals });

  it("makes a deliverable claim for an honest first win, keyed by campaign, player and level", () => {
    const { claims, flags } = decide([campaign()]);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ status: "deliverable", key: "00000000-0000-4000-8000-00000000c001:player-1:match3_v1:level:m3-4" });
    expect(claims[0]!.gate.decision).toBe("deliver");
    expect(flags).toEqual([]);
  });

  it("skips a campaign the player has used up, one still cooling down, and one whose total is reached; one second after the cooldown it claims again", () => {
    const usedUp = campaign({ id: "u", mineCount: 3 });
    const cooling = campaign({ id: "c", cooldownSeconds: 60, mineCount: 1, mineLast: new Date(AT.getTime() - 59_999).toISOString() });
    const soldOut = campaign({ id: "s", maxTotal: 10, claimsCount: 10 });
    expect(decide([usedUp, cooling, soldOut]).claims).toEqual([]);
    const cooled = campaign({ id: "c", cooldownSeconds: 60, mineCount: 1, mineLast: new Date(AT.getTime() - 60_000).toISOString() });
    expect(decide([cooled]).claims.map((c) => c.campaign.id)).toEqual(["c"]);
    expect(decide([campaign({ id: "n", cooldownSeconds: 60 })]).claims.map((c) => c.campaign.id)).toEqual(["n"]); // a cooldown with no claim yet
  });

  it("gives every claim of the event the gate's one verdict: a blocked player's claims are rejected, a watched player's reviewed", () => {
    expect(decide([campaign({ id: "a" }), campaign({ id: "b" })], honest, "blocked").claims.map((c) => c.status)).toEqual(["rejected", "rejected"]);
    expect(decide([campaign()], honest, "watch").claims[0]!.status).toBe("review");
  });

  it("doubts a run whose replay failed", () => {
    const { claims } = decide([campaign()], { ...honest, run: { ...honest.run!, replayVerified: false } });
    expect(claims[0]!.status).not.toBe("deliverable");
  });

  it("property: every planned claim is one the player is still eligible for, in the state the gate's decision gives", () => {
    const state = { deliver: "deliverable", hold: "held", review: "review", reject: "rejected" } as const;
    const arbCampaign = fc.record({
      maxPerUser: fc.integer({ min: 1, max: 5 }), mineCount: fc.integer({ min: 0, max: 6 }), cooldownSeconds: fc.integer({ min: 0, max: 3_600 }),
      lastAgo: fc.option(fc.integer({ min: 0, max: 7_200_000 })), maxTotal: fc.option(fc.integer({ min: 1, max: 20 })), claimsCount: fc.integer({ min: 0, max: 25 }),
    });
    const arbSignals = fc.record({ playersSameAddress24h: fc.integer({ min: 0, max: 40 }), unresolvedFlags7d: fc.integer({ min: 0, max: 5 }), claimsLastHour: fc.integer({ min: 0, max: 30 }), replayVerified: fc.boolean() });
    fc.assert(
      fc.property(fc.array(arbCampaign, { maxLength: 6 }), arbSignals, (specs, s) => {
        const campaigns = specs.map((c, i) => campaign({ id: `c${i}`, ...c, mineLast: c.lastAgo === null ? null : new Date(AT.getTime() - c.lastAgo).toISOString() }));
        const signals: TFraudSignals = { ...honest, ...s, run: { ...honest.run!, replayVerified: s.replayVerified } };
        const { claims } = decide(campaigns, signals);
        const gateStates = new Set(claims.map((c) => c.status));
        expect(gateStates.size).toBeLessThanOrEqual(1);
        for (const c of claims) {
          const spec = specs[Number(c.campaign.id.slice(1))]!;
          expect(spec.mineCount).toBeLessThan(spec.maxPerUser);
          if (spec.maxTotal !== null) expect(spec.claimsCount).toBeLessThan(spec.maxTotal);
          if (spec.cooldownSeconds > 0 && spec.lastAgo !== null) expect(spec.lastAgo).toBeGreaterThanOrEqual(spec.cooldownSeconds * 1000);
          expect(c.status).toBe(state[c.gate.decision]);
          expect(c.key.startsWith(`${c.campaign.id}:player-1`)).toBe(true);
        }
        const eligibleCount = specs.filter((c) => c.mineCount < c.maxPerUser && (c.maxTotal === null || c.claimsCount < c.maxTotal) && (c.cooldownSeconds === 0 || c.lastAgo === null || c.lastAgo >= c.cooldownSeconds * 1000)).length;
        expect(claims).toHaveLength(eligibleCount);
      }),
    );
  });
});
