import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { API_ORIGIN, newPlayer, playProject, startRun } from "../helpers/play";
import { bestScore, session } from "../helpers/analytics";

/** Who may read analytics, what a bad query answers, the experiment restart and the leaderboard's ids. */
let server: TTestServer;
let call: TCall;
let alice: TAdmin;
let mallory: TAdmin;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  alice = await verifiedAdmin(call);
  mallory = await verifiedAdmin(call);
});
afterAll(() => server.close());

const READS = ["analytics/overview", "analytics/funnel", "analytics/funnel?day_n=1", "analytics/session-series", "analytics/session-series?days=30", "analytics/ab", "analytics/case", "leaderboard"];

describe("auth matrix", () => {
  it("answers 401 without a credential and 404 for another account's real project, which stays as it was", async () => {
    const { projectId, key } = await playProject(call, alice);
    const player = await newPlayer(call, projectId, key);
    expect((await startRun(call, player)).status).toBe(200);
    const keyBefore = (await pool().query("SELECT experiment_key FROM project WHERE id = $1", [projectId])).rows[0].experiment_key;
    for (const path of READS) {
      const url = `/v1/admin/projects/${projectId}/${path}`;
      expect((await call("GET", url)).status, `anonymous ${path}`).toBe(401);
      const foreign = await call("GET", url, { token: mallory.token });
      expect(foreign.status, `foreign ${path}`).toBe(404);
      expect(foreign.body.code).toBe("not_found");
      expect((await call("GET", url, { token: alice.token })).status, `owner ${path}`).toBe(200);
    }
    const restart = `/v1/admin/projects/${projectId}/experiment/restart`;
    expect((await call("POST", restart, { headers: { origin: API_ORIGIN } })).status).toBe(401);
    const foreign = await call("POST", restart, { token: mallory.token, headers: { origin: API_ORIGIN } });
    expect(foreign.status).toBe(404);
    expect((await pool().query("SELECT experiment_key FROM project WHERE id = $1", [projectId])).rows[0].experiment_key).toBe(keyBefore);
    // the owner sees the run that the other account could not
    expect((await call("GET", `/v1/admin/projects/${projectId}/analytics/overview`, { token: alice.token })).body.dau).toBe(1);
  });
});

describe("validation", () => {
  it("refuses days outside 1-90 and a bad day_n with the spec's error shape", async () => {
    const { projectId } = await playProject(call, alice);
    for (const q of ["analytics/session-series?days=0", "analytics/session-series?days=91", "analytics/session-series?days=abc", "analytics/funnel?day_n=0", "analytics/funnel?day_n=31", "analytics/funnel?day_n=1.5", "analytics/funnel?day_n=x"]) {
      const res = await call("GET", `/v1/admin/projects/${projectId}/${q}`, { token: alice.token });
      expect([400, 422], q).toContain(res.status);
      expect(res.body.code, q).toBe("validation_error");
      expect(typeof res.body.request_id).toBe("string");
    }
  });
});

describe("experiment restart", () => {
  it("issues a new key; new exposures go under it, past exposures are kept and still readable; the restart is audited", async () => {
    const { projectId, key } = await playProject(call, alice);
    expect((await call("PATCH", `/v1/admin/projects/${projectId}`, { token: alice.token, body: { exposure_mode: "ab_test" } })).status).toBe(200);
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer(call, projectId, key)));
    const expose = (p: { token: string; ip?: string }) => call("GET", `/v1/widget/exposure?project_id=${projectId}`, { token: p.token, ip: p.ip });
    for (const p of players) expect((await expose(p)).body.recorded).toBe(true);
    const ab = (q = "") => call("GET", `/v1/admin/projects/${projectId}/analytics/ab${q}`, { token: alice.token });
    const before = (await ab()).body;
    expect(before.enabled).toBe(true);
    expect(before.cohorts.reduce((s: number, c: { players: number }) => s + c.players, 0)).toBe(6);
    const oldKey = before.experiment_key;

    const res = await call("POST", `/v1/admin/projects/${projectId}/experiment/restart`, { token: alice.token, headers: { origin: API_ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.body.previous_experiment_key).toBe(oldKey);
    expect(res.body.experiment_key).not.toBe(oldKey);

    const after = (await ab()).body;
    expect(after).toMatchObject({ experiment_key: res.body.experiment_key, current: true, cohorts: [] });
    await expose(players[0]!);
    await expose(players[1]!);
    const now = (await ab()).body;
    expect(now.cohorts.reduce((s: number, c: { players: number }) => s + c.players, 0)).toBe(2);
    const past = (await ab(`?experiment_key=${oldKey}`)).body;
    expect(past).toMatchObject({ experiment_key: oldKey, current: false });
    expect(past.cohorts).toEqual(before.cohorts);
    const rows = (await pool().query("SELECT experiment_key, count(*)::int AS n FROM experiment_cohort WHERE project_id = $1 GROUP BY 1", [projectId])).rows;
    expect(Object.fromEntries(rows.map((r) => [r.experiment_key, r.n]))).toEqual({ [oldKey]: 6, [res.body.experiment_key]: 2 });
    const audit = (await pool().query("SELECT account_id, metadata FROM audit_log WHERE project_id = $1 AND action = 'experiment.restarted'", [projectId])).rows;
    expect(audit).toEqual([{ account_id: alice.accountId, metadata: { previous_experiment_key: oldKey, experiment_key: res.body.experiment_key } }]);
  });

  it("counts a real game run started after the widget exposure as a play of the player's cohort; a later visit keeps the count", async () => {
    const { projectId, key } = await playProject(call, alice);
    expect((await call("PATCH", `/v1/admin/projects/${projectId}`, { token: alice.token, body: { exposure_mode: "ab_test" } })).status).toBe(200);
    const player = await newPlayer(call, projectId, key);
    expect((await startRun(call, player)).status).toBe(200); // before the exposure: not a play of the cohort
    const expose = () => call("GET", `/v1/widget/exposure?project_id=${projectId}`, { token: player.token, ip: player.ip });
    const cohort = (await expose()).body.cohort as string;
    const one = async () => (await call("GET", `/v1/admin/projects/${projectId}/analytics/ab`, { token: alice.token })).body.cohorts;
    expect(await one()).toEqual([expect.objectContaining({ cohort, players: 1, exposures: 1, plays: 0 })]);
    expect((await startRun(call, player, { replace_active: true })).status).toBe(200); // a new run: game.started
    expect((await expose()).body.recorded).toBe(false); // the same visit
    expect(await one()).toEqual([expect.objectContaining({ cohort, players: 1, exposures: 1, plays: 1 })]);
  });

  it("counts plays, d1 return and rewards per cohort from the exposure on", async () => {
    const { projectId } = await playProject(call, alice);
    const k = (await pool().query("SELECT experiment_key FROM project WHERE id = $1", [projectId])).rows[0].experiment_key;
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const { exposure } = await import("../helpers/analytics");
    await exposure(projectId, k, "t1", "treatment", `${day(3)}T10:00:00Z`);
    await exposure(projectId, k, "c1", "control", `${day(3)}T10:00:00Z`);
    await session(projectId, "t1", `${day(4)}T10:00:00Z`); // before the exposure day: not counted
    await session(projectId, "t1", `${day(3)}T11:00:00Z`);
    await session(projectId, "t1", `${day(2)}T11:00:00Z`); // back on exposure day + 1
    await session(projectId, "c1", `${day(3)}T11:00:00Z`);
    const cohorts = (await call("GET", `/v1/admin/projects/${projectId}/analytics/ab`, { token: alice.token })).body.cohorts;
    const noCosts = {
      rewards_by_type: {}, reward_value_minor: 0, rewards_with_value: 0, wheel_prizes: 0, wheel_prizes_cost_minor: 0, boosters_granted: 0,
      cost_minor: 0, cost_per_retained_player_minor: null, boosters_per_retained_player: null,
    };
    expect(cohorts).toEqual([
      { cohort: "control", players: 1, exposures: 1, plays: 1, wins: 0, d1_return: { eligible: 1, returned: 0, rate: 0 }, d7_return: { eligible: 0, returned: 0, rate: null }, rewards_granted: 0, cost_per_retained_player: null, ...noCosts },
      { cohort: "treatment", players: 1, exposures: 1, plays: 2, wins: 0, d1_return: { eligible: 1, returned: 1, rate: 1 }, d7_return: { eligible: 0, returned: 0, rate: null }, rewards_granted: 0, cost_per_retained_player: null, ...noCosts },
    ]);
  });
});

describe("leaderboard", () => {
  it("ranks best scores per level and overall; anonymous players appear only as a keyed hash, verified ones by id", async () => {
    const { projectId } = await playProject(call, alice);
    const anon = "anon_AbCdEfGhIjKlMnOpQrStUv";
    await bestScore(projectId, "verified-vic", 1, 500);
    await bestScore(projectId, anon, 1, 900);
    await bestScore(projectId, anon, 2, 100);
    await bestScore(projectId, "verified-vic", 2, 300);
    const res = await call("GET", `/v1/admin/projects/${projectId}/leaderboard`, { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(anon);
    expect(res.text).not.toContain("AbCdEfGh");
    const lb = res.body;
    const hashed = lb.levels[0].entries[0].player;
    expect(hashed).toMatch(/^anon-[0-9a-f]{10}$/);
    expect(lb.mechanic).toBe("match3_v1");
    expect(lb.levels.slice(0, 2)).toEqual([
      { level_number: 1, entries: [{ rank: 1, player: hashed, verified: false, best_score: 900, completions: 1 }, { rank: 2, player: "verified-vic", verified: true, best_score: 500, completions: 1 }] },
      { level_number: 2, entries: [{ rank: 1, player: "verified-vic", verified: true, best_score: 300, completions: 1 }, { rank: 2, player: hashed, verified: false, best_score: 100, completions: 1 }] },
    ]);
    expect(lb.overall).toEqual([
      { rank: 1, player: hashed, verified: false, total_score: 1000, levels: 2 },
      { rank: 2, player: "verified-vic", verified: true, total_score: 800, levels: 2 },
    ]);
    // the same anonymous id in another project gets another hash: not linkable across projects
    const other = (await playProject(call, alice)).projectId;
    await bestScore(other, anon, 1, 10);
    const there = (await call("GET", `/v1/admin/projects/${other}/leaderboard`, { token: alice.token })).body;
    expect(there.levels[0].entries[0].player).not.toBe(hashed);
  });
});
