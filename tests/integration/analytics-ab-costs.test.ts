import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifiedAdmin } from "../helpers/api";
import { newPlayer, type TPlayer } from "../helpers/play";
import { exposure, rewardClaim, session } from "../helpers/analytics";
import { spin, wheelFixture, wheelProject, type TWheelFixture } from "../helpers/wheel";
import { pool } from "@/server/db/client";
import { nowMs } from "@/server/lib/clock";
import { wheelBudgetSpent, wheelSpins } from "@/server/metrics/prometheus";

/**
 * What retention costs per A/B cohort (issue 40, cohort economics): rewards by type at their
 * campaigns' declared value, wheel prizes at their cost, boosters given — kept on the exposure rows
 * by the triggers of migration 0032 in the transactions of the claim, the spin and the purchase, and
 * read back by `GET …/analytics/ab`. Spins and purchases go through the real API; claims are
 * written as the gate writes them, with campaigns of known metadata.
 */
let f: TWheelFixture;
wheelFixture((x) => (f = x));

const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;
const SEGMENTS = [
  { id: "coins_10", label: "10 coins", icon: "coin", award: { type: "resource", resource_id: "coins", amount: 10 }, weight: 100_000 },
  { id: "try_again", label: "Try again", icon: "try_again", award: { type: "nothing" }, weight: 1 },
];

/** What this process's /metrics counts of spins: all, prizes, and the budget they spent. */
async function spinCounts() {
  const spins = (await wheelSpins.get()).values;
  return {
    total: spins.reduce((n, v) => n + v.value, 0),
    prize: spins.find((v) => v.labels.result === "prize")?.value ?? 0,
    spent: (await wheelBudgetSpent.get()).values[0]?.value ?? 0,
  };
}

async function spinsCost(p: TPlayer) {
  const { rows } = await pool().query<{ n: number; cost: string }>(
    "SELECT count(*)::int AS n, coalesce(sum(cost_minor), 0)::text AS cost FROM wheel_spin WHERE project_id = $1 AND external_user_id = $2 AND cost_minor > 0",
    [p.projectId, p.externalUserId],
  );
  return { n: rows[0]!.n, cost: Number(rows[0]!.cost) };
}

describe("A/B cohort economics", () => {
  it("counts each cohort's rewards by type and declared value, wheel prizes at their cost and boosters, whole and per day-7 returner", async () => {
    const { call, admin } = f;
    const { projectId, key, version } = await wheelProject(call, admin, {
      project: { currency: "EUR", exposure_mode: "ab_test" },
      patch: { segments: SEGMENTS, resource_costs_minor: { coins: 7 }, free_spins_per_day: 3, max_spins_per_day: 3 },
    });
    const experiment = (await pool().query("SELECT experiment_key FROM project WHERE id = $1", [projectId])).rows[0].experiment_key as string;
    const now = nowMs();
    const exposedAt = iso(now - 8 * DAY);
    const treated = await newPlayer(call, projectId, key, "treated");
    const control = await newPlayer(call, projectId, key, "control");
    const late = await newPlayer(call, projectId, key, "late"); // exposure row written after its spins and purchase
    const bystander = await newPlayer(call, projectId, key, "bystander"); // never exposed
    await exposure(projectId, experiment, "treated", "treatment", exposedAt);
    await exposure(projectId, experiment, "control", "control", exposedAt);
    await session(projectId, "treated", iso(now - 8 * DAY + 7 * DAY)); // a day-7 return
    await session(projectId, "control", iso(now - 8 * DAY + 7 * DAY));

    const spinsBefore = await spinCounts();
    const spend = (p: TPlayer, booster: string) => call("POST", "/v1/economy/spend", { token: p.token, ip: p.ip, body: { booster_id: booster, idempotency_key: randomUUID() } });
    for (const p of [treated, late, bystander]) {
      for (let i = 0; i < 3; i++) {
        const res = await spin(call, p, { wheel_version: version });
        expect(res.status, res.text).toBe(200);
      }
      expect((await spend(p, "gem_hammer")).status).toBe(200);
    }
    expect((await spend(treated, "gem_hammer")).status).toBe(200);
    expect((await spend(control, "gem_hammer")).status).toBe(200);
    await exposure(projectId, experiment, "late", "treatment", iso(now - DAY));

    const t = iso(nowMs());
    const promo = (metadata: Record<string, unknown>) => ({ type: "promo_code", metadata });
    await rewardClaim(projectId, "treated", t, "deliverable", promo({ discount_minor: 500 })); // EUR by default: €5.00
    await rewardClaim(projectId, "treated", t, "deliverable", promo({ discount_minor: 900, currency: "USD" })); // another currency: no value
    await rewardClaim(projectId, "treated", t, "deliverable", { type: "points", metadata: { amount: 100 } }); // no money value
    const held = await rewardClaim(projectId, "treated", t, "held", promo({ discount_minor: 250, currency: "EUR" }));
    await rewardClaim(projectId, "treated", t, "rejected", promo({ discount_minor: 10_000 }));
    await rewardClaim(projectId, "treated", iso(now - 9 * DAY), "deliverable", promo({ discount_minor: 10_000 })); // before the exposure
    await rewardClaim(projectId, "control", t, "deliverable", { type: "custom", metadata: { discount_minor: 1e15 } }); // not a value
    await rewardClaim(projectId, "bystander", t, "deliverable", promo({ discount_minor: 10_000 }));

    const cohorts = async () => {
      const res = await call("GET", `/v1/admin/projects/${projectId}/analytics/ab`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.currency).toBe("EUR");
      return Object.fromEntries((res.body.cohorts as Array<{ cohort: string }>).map((c) => [c.cohort, c])) as Record<string, Record<string, unknown>>;
    };
    const wheel = { treated: await spinsCost(treated), late: await spinsCost(late) };
    expect(wheel.treated.n + wheel.late.n).toBeGreaterThan(0); // 6 landings at 100 000 : 1
    const wheelCost = wheel.treated.cost + wheel.late.cost;
    expect(wheelCost).toBe((wheel.treated.n + wheel.late.n) * 10 * 7);
    // the operator's counters (GET /metrics) saw the same spins: 9, of which the costed ones are prizes, at their cost
    const bystanderCost = (await spinsCost(bystander)).cost;
    const spinsAfter = await spinCounts();
    expect(spinsAfter.total - spinsBefore.total).toBe(9);
    expect(spinsAfter.prize - spinsBefore.prize).toBe(wheel.treated.n + wheel.late.n + (await spinsCost(bystander)).n);
    expect(spinsAfter.spent - spinsBefore.spent).toBe(wheelCost + bystanderCost);

    let c = await cohorts();
    expect(c.treatment).toMatchObject({
      players: 2, rewards_granted: 3, d7_return: { eligible: 1, returned: 1, rate: 1 },
      rewards_by_type: { points: 1, promo_code: 2 }, reward_value_minor: 500, rewards_with_value: 1,
      wheel_prizes: wheel.treated.n + wheel.late.n, wheel_prizes_cost_minor: wheelCost, boosters_granted: 3,
      cost_minor: 500 + wheelCost, cost_per_retained_player_minor: 500 + wheelCost, boosters_per_retained_player: 3,
    });
    expect(c.control).toMatchObject({
      players: 1, rewards_granted: 1, rewards_by_type: { custom: 1 }, reward_value_minor: 0, rewards_with_value: 0,
      wheel_prizes: 0, wheel_prizes_cost_minor: 0, boosters_granted: 1, cost_minor: 0, cost_per_retained_player_minor: 0, boosters_per_retained_player: 1,
    });

    // the held claim is released: its type and value count from then on
    await pool().query("UPDATE reward_claim SET status = 'deliverable' WHERE id = $1", [held]);
    c = await cohorts();
    expect(c.treatment).toMatchObject({ rewards_granted: 4, rewards_by_type: { points: 1, promo_code: 3 }, reward_value_minor: 750, rewards_with_value: 2, cost_minor: 750 + wheelCost });
    // and should it ever leave `deliverable`, it stops counting (the type's count goes back, not away)
    await pool().query("UPDATE reward_claim SET status = 'rejected' WHERE id = $1", [held]);
    expect((await cohorts()).treatment).toMatchObject({ rewards_by_type: { points: 1, promo_code: 2 }, reward_value_minor: 500, rewards_with_value: 1 });
  });

  it("shows no cost per retained player while nobody has returned on day 7, and a foreign admin gets 404", async () => {
    const { call, admin } = f;
    const { projectId, key } = await wheelProject(call, admin, { project: { exposure_mode: "ab_test", currency: "JPY" } });
    const experiment = (await pool().query("SELECT experiment_key FROM project WHERE id = $1", [projectId])).rows[0].experiment_key as string;
    await newPlayer(call, projectId, key, "p");
    await exposure(projectId, experiment, "p", "treatment", iso(nowMs() - DAY));
    await rewardClaim(projectId, "p", iso(nowMs()), "deliverable", { type: "promo_code", metadata: { discount_minor: 300 } });
    const res = await call("GET", `/v1/admin/projects/${projectId}/analytics/ab`, { token: admin.token });
    expect(res.body.currency).toBe("JPY");
    expect(res.body.cohorts[0]).toMatchObject({ cohort: "treatment", cost_minor: 300, cost_per_retained_player_minor: null, boosters_per_retained_player: null });
    const foreign = await verifiedAdmin(call);
    expect((await call("GET", `/v1/admin/projects/${projectId}/analytics/ab`, { token: foreign.token })).status).toBe(404);
  });
});
