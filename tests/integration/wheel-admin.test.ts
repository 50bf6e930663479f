import pg from "pg";
import { describe, expect, it } from "vitest";
import { createApiKey, createProject, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { API_ORIGIN, newPlayer } from "../helpers/play";
import { publishDraft, spin, TEST_SEGMENTS, wheelAdmin, wheelFixture } from "../helpers/wheel";

/**
 * The admin side of the wheel: settings, drafts and their hash, publishing (Origin, stale hash,
 * frozen versions), the project rules that need a published wheel, the simulation and stats.
 */
let call: TCall;
let admin: TAdmin;
let pgc: pg.Client;

wheelFixture((f) => ({ call, admin, pgc } = f));

describe("wheel settings", () => {
  it("start at UTC on first read and take IANA time zones only, with an Origin", async () => {
    const projectId = await createProject(call, admin);
    const w = wheelAdmin(call, admin, projectId);
    expect((await w.settings()).body.timezone).toBe("UTC");
    expect((await w.saveSettings("Pacific/Auckland")).body.timezone).toBe("Pacific/Auckland");
    expect((await w.settings()).body.timezone).toBe("Pacific/Auckland");
    for (const tz of ["Mars/Olympus_Mons", "UTC+3", "+05:00", "pacific/auckland", "EST5EDT,M3.2.0,M11.1.0", ""]) {
      const res = await w.saveSettings(tz);
      expect(res.status, tz).toBe(422);
      expect(res.body.code).toBe("validation_error");
    }
    const bare = await call("PUT", `${w.base}/settings`, { token: admin.token, body: { timezone: "Europe/Berlin" } });
    expect(bare.status).toBe(403);
    expect(bare.body.code).toBe("origin_not_allowed");
    expect((await call("PUT", `${w.base}/settings`, { token: admin.token, headers: { origin: "https://evil.example" }, body: { timezone: "Europe/Berlin" } })).status).toBe(403);
    expect((await w.settings()).body.timezone).toBe("Pacific/Auckland");
  });
});

describe("wheel drafts", () => {
  it("exist by default for both wheels with a stable hash, costs and no published version", async () => {
    const projectId = await createProject(call, admin);
    const w = wheelAdmin(call, admin, projectId);
    for (const wheel of ["daily", "site"]) {
      const res = await w.draft(wheel);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ wheel_id: wheel, published_version: null, published_draft_hash: null });
      expect(res.body.draft_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(res.body.draft.segments.some((s: { award: { type: string } }) => s.award.type === "nothing")).toBe(true);
      expect(res.body.costs.segments).toHaveLength(res.body.draft.segments.length);
      expect((await w.draft(wheel)).body.draft_hash).toBe(res.body.draft_hash);
    }
    expect((await w.draft("weekly")).status).toBe(422);
  });

  it("are replaced whole, validated (schema and economy) and need an Origin", async () => {
    const projectId = await createProject(call, admin);
    const w = wheelAdmin(call, admin, projectId);
    const { draft, draft_hash } = (await w.draft()).body;
    const saved = await w.saveDraft({ ...draft, segments: TEST_SEGMENTS, resource_costs_minor: { tickets: 5, coins: 1 } });
    expect(saved.status).toBe(200);
    expect(saved.body.draft_hash).not.toBe(draft_hash);
    expect(saved.body.costs.segments.find((s: { id: string }) => s.id === "coins_50")).toEqual({ id: "coins_50", cost_minor: 50, probability: 0.07 });
    expect(saved.body.costs.expected_cost_per_spin_minor).toBeCloseTo(0.17 * 5 + 0.29 * 10 + 0.07 * 50, 9);
    const noFallback = await w.saveDraft({ ...draft, segments: TEST_SEGMENTS.filter((s) => s.award.type !== "nothing") });
    expect(noFallback.status).toBe(422);
    expect(noFallback.body.issues.map((i: { path: string }) => i.path)).toContain("segments");
    const unknown = await w.saveDraft({ ...draft, segments: [...TEST_SEGMENTS, { id: "gems", label: "Gems", icon: "gift", award: { type: "resource", resource_id: "gems", amount: 1 }, weight: 1 }], resource_costs_minor: { tickets: 5, coins: 1, gems: 1 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.issues.map((i: { path: string }) => i.path)).toContain("segments.4.award.resource_id");
    const bare = await call("PUT", `${w.base}/daily/draft`, { token: admin.token, body: draft });
    expect(bare.body.code).toBe("origin_not_allowed");
    expect((await w.draft()).body.draft_hash).toBe(saved.body.draft_hash);
  });
});

describe("publishing", () => {
  it("needs an Origin and the current draft hash, increments the version and freezes it", async () => {
    const projectId = await createProject(call, admin);
    const w = wheelAdmin(call, admin, projectId);
    const { draft, draft_hash } = (await w.draft()).body;
    const bare = await call("POST", `${w.base}/daily/publish`, { token: admin.token, body: { expected_draft_hash: draft_hash } });
    expect(bare.status).toBe(403);
    expect(bare.body.code).toBe("origin_not_allowed");
    const stale = await w.publish("0".repeat(64));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "draft_stale", draft_hash });
    expect((await w.draft()).body.published_version).toBeNull();
    const v1 = await w.publish(draft_hash);
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ wheel_id: "daily", version: 1, draft_hash });
    expect(v1.body.weights_commitment).toMatch(/^[0-9a-f]{64}$/);
    const edited = await w.saveDraft({ ...draft, ticket_cost: 3 });
    // The admin read v1's hash; the draft moved on since: refused until they look again.
    expect((await w.publish(draft_hash)).body.code).toBe("draft_stale");
    const v2 = await w.publish(edited.body.draft_hash);
    expect(v2.body.version).toBe(2);
    expect(v2.body.weights_salt).not.toBe(v1.body.weights_salt);
    const versions = await pgc.query("SELECT version, config->>'ticket_cost' AS ticket_cost, draft_hash FROM wheel_version WHERE project_id = $1 ORDER BY version", [projectId]);
    expect(versions.rows).toEqual([
      { version: 1, ticket_cost: String(draft.ticket_cost), draft_hash },
      { version: 2, ticket_cost: "3", draft_hash: edited.body.draft_hash },
    ]);
    expect((await w.draft()).body).toMatchObject({ published_version: 2, published_draft_hash: edited.body.draft_hash });
    const audit = await pgc.query("SELECT action, metadata FROM audit_log WHERE project_id = $1 AND action LIKE 'wheel.%'", [projectId]);
    expect(audit.rows.map((r) => r.action).sort()).toEqual(["wheel.draft_saved", "wheel.published", "wheel.published"]);
    expect(audit.rows.filter((r) => r.action === "wheel.published").map((r) => r.metadata.version).sort()).toEqual([1, 2]);
  });

  it("is what lobby_wheel_enabled, entry_mode wheel_only and the ready flags need", async () => {
    const projectId = await createProject(call, admin);
    const patch = (body: Record<string, unknown>) => call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body });
    expect((await patch({ lobby_wheel_enabled: true })).body.code).toBe("wheel_config_missing");
    expect((await patch({ entry_mode: "wheel_only" })).body.code).toBe("wheel_config_missing");
    expect((await wheelAdmin(call, admin, projectId).draft()).status).toBe(200); // a draft alone is not enough
    expect((await patch({ lobby_wheel_enabled: true })).body.code).toBe("wheel_config_missing");
    await publishDraft(call, admin, projectId, {}, "site");
    expect((await patch({ lobby_wheel_enabled: true })).body.code).toBe("wheel_config_missing");
    expect((await patch({ entry_mode: "wheel_only" })).body.entry_mode).toBe("wheel_only");
    await publishDraft(call, admin, projectId);
    expect((await patch({ lobby_wheel_enabled: true })).body.lobby_wheel_enabled).toBe(true);
    expect((await call("GET", `/v1/admin/projects/${projectId}`, { token: admin.token })).body.play_settings).toMatchObject({ site_wheel_ready: true, daily_wheel_ready: true });
    const other = await createProject(call, admin);
    await publishDraft(call, admin, other);
    expect((await call("GET", `/v1/admin/projects/${other}`, { token: admin.token })).body.play_settings).toMatchObject({ site_wheel_ready: false, daily_wheel_ready: true });
  });
});

/** A new project's daily wheel with the test segments, costs and a 1 000 a day / 50 000 in all budget saved as its draft. */
async function budgetedWheel() {
  const projectId = await createProject(call, admin);
  const w = wheelAdmin(call, admin, projectId);
  const { draft } = (await w.draft()).body;
  await w.saveDraft({ ...draft, segments: TEST_SEGMENTS, resource_costs_minor: { tickets: 10, coins: 1 }, budget_daily_minor: 1000, budget_total_minor: 50_000 });
  return { projectId, w };
}

describe("simulation", () => {
  it("draws 10 000 results that match the weights (chi-square) and creates no award, spin or counter", async () => {
    const { projectId, w } = await budgetedWheel();
    const count = async () => (await pgc.query("SELECT (SELECT count(*)::int FROM ledger_entry WHERE project_id = $1) + (SELECT count(*)::int FROM wheel_spin WHERE project_id = $1) + (SELECT count(*)::int FROM wheel_day WHERE project_id = $1) + (SELECT count(*)::int FROM player_balance WHERE project_id = $1) AS n", [projectId])).rows[0].n;
    const before = await count();
    expect((await call("POST", `${w.base}/daily/simulate`, { token: admin.token, body: {} })).body.code).toBe("origin_not_allowed");
    const res = await w.simulate({ spins_per_day: 500 });
    expect(res.status).toBe(200);
    expect(res.body.draws).toBe(10_000);
    const total = TEST_SEGMENTS.reduce((n, s) => n + s.weight, 0);
    let chi = 0;
    for (const [i, s] of TEST_SEGMENTS.entries()) {
      const row = res.body.distribution[i];
      expect(row).toMatchObject({ segment_id: s.id, weight: s.weight, expected_share: s.weight / total });
      const expected = (10_000 * s.weight) / total;
      chi += (row.count - expected) ** 2 / expected;
    }
    expect(res.body.distribution.reduce((n: number, r: { count: number }) => n + r.count, 0)).toBe(10_000);
    // 3 degrees of freedom, p = 10⁻⁶: the simulation draws fresh random numbers each run, so a bound
    // at p = 0.001 failed one correct run in a thousand; a wrong weight table is still far beyond it
    expect(chi).toBeLessThan(30.66);
    const expectedCost = 0.17 * 10 + 0.29 * 10 + 0.07 * 50;
    expect(res.body.expected_cost_per_spin_minor).toBeCloseTo(expectedCost, 9);
    expect(Math.abs(res.body.sample_cost_per_spin_minor - expectedCost)).toBeLessThan(1);
    // 500 spins a day would cost 4 050 a day, capped by the 1 000 daily budget: 50 000 lasts 50 days.
    expect(res.body.pacing).toMatchObject({ spins_per_day: 500, spins_per_day_source: "request", daily_budget_binding: true, paced_daily_spend_minor: 1000, days_until_total_budget_spent: 50 });
    expect((await w.simulate()).body.pacing).toMatchObject({ spins_per_day: 0, spins_per_day_source: "observed_7d", days_until_total_budget_spent: null });
    expect(await count()).toBe(before);
  });
});

describe("observed spin rate", () => {
  it("spreads the last 7 days' spins over 7 days once the wheel is older, not over the days since the week's first spin", async () => {
    const { projectId, w } = await budgetedWheel();
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    // first spun 20 days ago; a quiet week; then 10 spins yesterday and 10 today (UTC, the wheel's default zone)
    for (const [d, spins] of [[day(20), 5], [day(1), 10], [day(0), 10]] as const) {
      await pgc.query("INSERT INTO wheel_day (project_id, wheel_id, day, spins, spent_minor, awards) VALUES ($1, 'daily', $2::date, $3, 0, '{}'::jsonb)", [projectId, d, spins]);
    }
    expect((await w.simulate()).body.pacing.spins_per_day).toBeCloseTo(20 / 7, 9);
  });
});

describe("simulation limit", () => {
  it("allows 20 simulations a minute per admin", async () => {
    const other = await verifiedAdmin(call);
    const projectId = await createProject(call, other);
    const w = wheelAdmin(call, other, projectId);
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await w.simulate()).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("stats", () => {
  it("count spins and awards by segment, budget used, and spend against the forecast", async () => {
    const projectId = await createProject(call, admin);
    const key = await createApiKey(call, admin, projectId);
    const { version } = await publishDraft(call, admin, projectId, { segments: TEST_SEGMENTS, free_spins_per_day: 3, max_spins_per_day: 3, resource_costs_minor: { tickets: 10, coins: 1 } });
    const spins = [];
    const players = [];
    for (let i = 0; i < 3; i++) {
      const p = await newPlayer(call, projectId, key);
      players.push(p);
      for (let j = 0; j < 2; j++) spins.push((await spin(call, p, { wheel_version: version })).body);
    }
    const res = await wheelAdmin(call, admin, projectId).stats();
    expect(res.status).toBe(200);
    expect(res.body.spins).toEqual({ total: 6, today: 6, last_7_days: 6 });
    const cost = (s: { award: { resource_id: string; amount: number } | null }) => (s.award ? s.award.amount * (s.award.resource_id === "tickets" ? 10 : 1) : 0);
    const spent = spins.reduce((n, s) => n + cost(s), 0);
    expect(res.body.budget).toMatchObject({ used_today_minor: spent, used_total_minor: spent });
    expect(res.body.awards_by_segment.reduce((n: number, r: { landings: number }) => n + r.landings, 0)).toBe(6);
    for (const r of res.body.awards_by_segment) expect(r.landings, r.segment_id).toBe(spins.filter((s) => s.segment.id === r.segment_id).length);
    const expected = 0.17 * 10 + 0.29 * 10 + 0.07 * 50;
    expect(res.body.pacing.forecast_spend_total_minor).toBeCloseTo(6 * expected, 9);
    expect(res.body.pacing).toMatchObject({ actual_spend_total_minor: spent, spins_per_day: 6 });
    expect(res.body.fairness.weights_commitment).toBe(spins[0].fairness.weights_commitment);
    expect((await call("GET", "/v1/admin/projects/" + projectId + "/wheels/daily/stats", { token: admin.token, headers: { origin: API_ORIGIN } })).status).toBe(200);

    // A spinner's erasure keeps their spins under the anonymous id: the counts, landings and forecast
    // still agree with the budget the wheel spent (which an erasure never gives back).
    const erased = await call("DELETE", `/v1/admin/projects/${projectId}/players/${encodeURIComponent(players[0]!.externalUserId)}/data`, { token: admin.token });
    expect(erased.body).toMatchObject({ status: "erased", anonymised: { wheel_spins: 2 } });
    const after = (await wheelAdmin(call, admin, projectId).stats()).body;
    expect(after.spins).toEqual(res.body.spins);
    expect(after.awards_by_segment).toEqual(res.body.awards_by_segment);
    expect(after.budget).toEqual(res.body.budget);
    expect(after.pacing.forecast_spend_total_minor).toBeCloseTo(res.body.pacing.forecast_spend_total_minor, 9);
  });
});
