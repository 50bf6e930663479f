import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { rateLimiter } from "@/server/rate-limit/limiter";
import type { TAdmin, TCall } from "../helpers/api";
import { newPlayer } from "../helpers/play";
import { spin, wheelProject, wheelFixture } from "../helpers/wheel";

/** Races on one spin_id and on one player's entitlement, and the per-player spin quotas. */
let call: TCall;
let admin: TAdmin;
let pgc: pg.Client;

wheelFixture((f) => ({ call, admin, pgc } = f));

describe("concurrent spins", () => {
  it("20 parallel posts of one spin_id make exactly one spin and one ledger debit", async () => {
    const w = await wheelProject(call, admin, { patch: { free_spins_per_day: 0, max_spins_per_day: 5, ticket_cost: 1 } });
    const p = await newPlayer(call, w.projectId, w.key);
    const body = { spin_id: randomUUID(), wheel_version: w.version };
    const answers = await Promise.all(Array.from({ length: 20 }, () => spin(call, p, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    const rows = await pgc.query(
      `SELECT (SELECT count(*)::int FROM wheel_spin WHERE project_id = $1) AS spins,
              (SELECT count(*)::int FROM ledger_entry WHERE project_id = $1 AND source = 'wheel_ticket') AS debits,
              (SELECT count(*)::int FROM ledger_entry WHERE project_id = $1 AND source = 'wheel_award') AS awards,
              (SELECT sum(spins)::int FROM wheel_day WHERE project_id = $1) AS day_spins`,
      [w.projectId],
    );
    expect(rows.rows[0]).toEqual({ spins: 1, debits: 1, awards: answers[0]!.body.award ? 1 : 0, day_spins: 1 });
  });

  it("parallel spins with different ids never pass the day's entitlement", async () => {
    const w = await wheelProject(call, admin, { patch: { free_spins_per_day: 2, max_spins_per_day: 3, ticket_cost: 1 } });
    const p = await newPlayer(call, w.projectId, w.key);
    const answers = await Promise.all(Array.from({ length: 6 }, () => spin(call, p, { wheel_version: w.version })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(["wheel_spins_exhausted", "wheel_spins_exhausted", "wheel_spins_exhausted"]);
    expect(answers.filter((a) => a.status === 200).map((a) => a.body.kind).sort()).toEqual(["free", "free", "ticket"]);
    const spins = await pgc.query("SELECT count(*)::int AS n FROM wheel_spin WHERE project_id = $1", [w.projectId]);
    expect(spins.rows[0].n).toBe(3);
  });
});

describe("the last of a budget", () => {
  it("goes to one of 12 racing spins; the others roll their award back and land on the no-cost segment", async () => {
    // Room for exactly one 50-coin award (cost 50), drawn almost every time.
    const segments = [
      { id: "coins_50", label: "50 coins", icon: "coin", award: { type: "resource", resource_id: "coins", amount: 50 }, weight: 1_000_000 },
      { id: "try_again", label: "Try again", icon: "try_again", award: { type: "nothing" }, weight: 1 },
    ];
    const w = await wheelProject(call, admin, { patch: { segments, resource_costs_minor: { coins: 1 }, free_spins_per_day: 1, max_spins_per_day: 1, budget_daily_minor: 50, budget_total_minor: 1000 } });
    const players = await Promise.all(Array.from({ length: 12 }, () => newPlayer(call, w.projectId, w.key)));
    const answers = await Promise.all(players.map((p) => spin(call, p, { wheel_version: w.version })));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const won = answers.filter((a) => a.body.award);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.body.substituted && a.body.segment.id === "try_again" && a.body.fairness.drawn_segment_id === "coins_50").length).toBeGreaterThanOrEqual(10);
    // A spin whose award the counters refused is made again from scratch: its first attempt rolled
    // back with its seed, so every player's one spin used their first committed seed (nonce 1).
    expect(answers.map((a) => a.body.fairness.nonce)).toEqual(Array(12).fill(1));
    const rows = await pgc.query(
      `SELECT (SELECT count(*)::int FROM ledger_entry WHERE project_id = $1 AND source = 'wheel_award') AS awards,
              (SELECT sum(spent_minor)::int FROM wheel_day WHERE project_id = $1) AS spent_days,
              (SELECT spent_total_minor::int FROM wheel WHERE project_id = $1 AND wheel_id = 'daily') AS spent,
              (SELECT count(*)::int FROM wheel_spin WHERE project_id = $1) AS spins`,
      [w.projectId],
    );
    expect(rows.rows[0]).toEqual({ awards: 1, spent_days: 50, spent: 50, spins: 12 });
  });
});

describe("spin quotas", () => {
  it("allow 6 spins a minute and 30 an hour per player; replays are answered before them", async () => {
    const w = await wheelProject(call, admin, { patch: { free_spins_per_day: 100, max_spins_per_day: 100 } });
    const p = await newPlayer(call, w.projectId, w.key);
    const key = `${w.projectId}:${p.externalUserId}`;
    const first = { spin_id: randomUUID(), wheel_version: w.version };
    expect((await spin(call, p, first)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await spin(call, p, { wheel_version: w.version })).status).toBe(200);
    const over = await spin(call, p, { wheel_version: w.version });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("rate_limited");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // An exact replay is not a new spin: answered from the stored spin even now.
    expect((await spin(call, p, first)).status).toBe(200);
    // Another player is not affected.
    expect((await spin(call, await newPlayer(call, w.projectId, w.key), { wheel_version: w.version })).status).toBe(200);

    // Let minutes pass for the minute window only (the limiter's store keeps real time), up to the hour's 30.
    let made = 6;
    while (made < 30) {
      await rateLimiter().reset("wheelSpinMinute", key);
      for (let i = 0; i < 6 && made < 30; i++, made++) expect((await spin(call, p, { wheel_version: w.version })).status).toBe(200);
    }
    await rateLimiter().reset("wheelSpinMinute", key);
    const hourly = await spin(call, p, { wheel_version: w.version });
    expect(hourly.status).toBe(429);
    expect(Number(hourly.headers.get("retry-after"))).toBeGreaterThan(60);
    const count = await pgc.query("SELECT count(*)::int AS n FROM wheel_spin WHERE project_id = $1 AND external_user_id = $2", [w.projectId, p.externalUserId]);
    expect(count.rows[0].n).toBe(30);
  });
});
