import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, newVerifiedSession, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { newPlayer, playProject, startRun } from "../helpers/play";
import { pool } from "@/server/db/client";
import { exposure, finishedRun, rewardClaim, session, setNow } from "../helpers/analytics";

/**
 * Metric definitions on hand-built fixtures with known answers. Sessions are inserted as the play
 * path records them (`game.started` events); the rollup trigger turns them into per-day facts.
 * Every test has a project of its own and sets the one clock to a fixed instant.
 */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
});
afterAll(() => server.close());

let token = "";
const get = (projectId: string, path: string) => call("GET", `/v1/admin/projects/${projectId}/${path}`, { token: token || admin.token });
/** A new admin (2FA attempts are limited per account) and project, with the clock at `iso`. */
async function begin(iso: string) {
  setNow(iso);
  admin = await verifiedAdmin(call);
  token = admin.token;
  setNow(iso);
  return (await playProject(call, admin)).projectId;
}
/** Moves the clock to `iso` with an admin session valid then (sessions last an hour of clock time). */
async function at(iso: string) {
  setNow(iso);
  token = await newVerifiedSession(call, admin);
  setNow(iso); // the TOTP step the login needed moved the clock by up to 30 s
}

describe("day boundaries (UTC)", () => {
  it("puts a session at 23:59 and one at 00:01 on different days, and DAU follows the clock", async () => {
    const projectId = await begin("2030-03-09T23:59:30Z");
    await session(projectId, "p1", "2030-03-09T23:59:00Z");
    await session(projectId, "p2", "2030-03-10T00:01:00Z");
    await session(projectId, "p2", "2030-03-10T08:00:00Z");
    // one minute before midnight of the 10th → today is the 9th: p1 is today's only player
    expect((await get(projectId, "analytics/overview")).body).toMatchObject({ today: "2030-03-09", dau: 1, wau: 1, sessions: 1 });
    await at("2030-03-10T12:00:00Z");
    const series = (await get(projectId, "analytics/session-series?days=2")).body;
    expect(series.series).toEqual([
      { date: "2030-03-09", count: 1, players: 1 },
      { date: "2030-03-10", count: 2, players: 1 },
    ]);
    const o = (await get(projectId, "analytics/overview")).body;
    expect(o).toMatchObject({ timezone: "UTC", today: "2030-03-10", dau: 1, wau: 2, sessions: 3 });
    // a week later the window holds nobody
    await at("2030-03-17T00:00:00Z");
    expect((await get(projectId, "analytics/overview")).body).toMatchObject({ dau: 0, wau: 0, sessions: 0 });
  });
});

describe("day-N return and the funnel", () => {
  it("counts a return only on exactly first day + N, only once day N is over", async () => {
    const projectId = await begin("2030-04-03T06:00:00Z");
    // a: first day 04-01, back 04-02 (d1) and 04-08 (d7); b: first 04-01, back 04-03 only; c: first 04-02, back 04-03 (d1);
    // d: its day-1 session is recorded before its first one (a late event moves the first day back)
    for (const [u, at] of [["a", "2030-04-01T10:00:00Z"], ["a", "2030-04-02T23:30:00Z"], ["a", "2030-04-08T00:30:00Z"], ["b", "2030-04-01T23:59:00Z"], ["b", "2030-04-03T09:00:00Z"], ["c", "2030-04-02T00:01:00Z"], ["c", "2030-04-03T12:00:00Z"], ["d", "2030-04-03T08:00:00Z"], ["d", "2030-04-02T08:00:00Z"]]) {
      await session(projectId, u!, at!);
    }
    await finishedRun(projectId, "a", "2030-04-05T10:00:00Z", { outcome: "won" }); // a wins by day 7
    await finishedRun(projectId, "b", "2030-04-09T10:00:00Z", { outcome: "won" }); // b wins after its day 7 (04-08) ended
    await finishedRun(projectId, "c", "2030-04-04T10:00:00Z", { outcome: "lost" });

    // on 04-03 (day 1 of c not over yet): d1 cohort = first days 03-03..04-01 → a, b; a returned
    let o = (await get(projectId, "analytics/overview")).body;
    expect(o.d1_return).toEqual({ cohort: 2, returned: 1, rate: 0.5 });
    expect(o.d7_return).toEqual({ cohort: 0, returned: 0, rate: null });

    // on 04-04: the day 1 of c and d (04-03) is over too
    await at("2030-04-04T00:00:00Z");
    o = (await get(projectId, "analytics/overview")).body;
    expect(o.d1_return).toEqual({ cohort: 4, returned: 3, rate: 0.75 });

    // on 04-09: d7 cohort = first days up to 04-01 → a, b; a returned on 04-08
    await at("2030-04-09T01:00:00Z");
    const f = (await get(projectId, "analytics/funnel")).body;
    expect(f).toEqual({ timezone: "UTC", day_n: 7, cohort_from: "2030-03-03", cohort_to: "2030-04-01", started: 2, returned_on_day_n: 1, completed_by_day_n: 1, return_rate: 0.5 });
    const f2 = (await get(projectId, "analytics/funnel?day_n=2")).body;
    expect(f2).toMatchObject({ day_n: 2, started: 4, returned_on_day_n: 1, completed_by_day_n: 0 });
  });
});

describe("session series", () => {
  it("fills every day with zero and gives delta_pct against the previous period, null when it was empty", async () => {
    const projectId = await begin("2030-05-07T12:00:00Z");
    await session(projectId, "x", "2030-05-05T10:00:00Z");
    await session(projectId, "y", "2030-05-05T11:00:00Z");
    let s = (await get(projectId, "analytics/session-series?days=3")).body;
    expect(s.series.map((d: { date: string; count: number }) => [d.date, d.count])).toEqual([["2030-05-05", 2], ["2030-05-06", 0], ["2030-05-07", 0]]);
    expect(s).toMatchObject({ total: 2, previous_total: 0, delta_pct: null });
    // three days later the first period becomes the previous one: 1 now against 2 → −50 %
    await session(projectId, "x", "2030-05-09T10:00:00Z");
    await at("2030-05-10T12:00:00Z");
    s = (await get(projectId, "analytics/session-series?days=3")).body;
    expect(s).toMatchObject({ total: 1, previous_total: 2, delta_pct: -50 });
    expect(s.series).toHaveLength(3);
    // the default is 7 days, 90 is allowed
    expect((await get(projectId, "analytics/session-series")).body.series).toHaveLength(7);
    expect((await get(projectId, "analytics/session-series?days=90")).body.series).toHaveLength(90);
  });
});

describe("overview", () => {
  it("averages run length, counts the preview → play funnel, fraud flags and failed webhooks in the window", async () => {
    const projectId = await begin("2030-06-10T12:00:00Z");
    await finishedRun(projectId, "a", "2030-06-10T10:00:00Z", { seconds: 60 });
    await finishedRun(projectId, "b", "2030-06-09T10:00:00Z", { seconds: 120, outcome: "lost" });
    await finishedRun(projectId, "old", "2030-05-01T10:00:00Z", { seconds: 900 }); // outside the window
    await session(projectId, "a", "2030-06-10T10:00:00Z");
    await session(projectId, "viewer", "2030-06-10T09:00:00Z", "lobby.viewed");
    await session(projectId, "a", "2030-06-10T09:59:00Z", "widget.opened");
    const { pool } = await import("@/server/db/client");
    await pool().query("INSERT INTO fraud_flag (project_id, external_user_id, kind, created_at) VALUES ($1, 'a', 'fast_commands', $2), ($1, 'a', 'fast_commands', $3)", [projectId, "2030-06-10T11:00:00Z", "2030-05-01T00:00:00Z"]);
    await pool().query(
      `INSERT INTO webhook_delivery (id, project_id, kind, payload, idempotency_key, status, attempts, next_attempt_at, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, 'reward.eligible', '{}', 'k1', 'dead', 6, $2, $2, $2), (gen_random_uuid(), $1, 'reward.eligible', '{}', 'k2', 'delivered', 1, $2, $2, $2),
              (gen_random_uuid(), $1, 'reward.eligible', '{}', 'k3', 'queued', 2, $2, $2, $2), (gen_random_uuid(), $1, 'reward.eligible', '{}', 'k4', 'queued', 0, $2, $2, $2)`,
      [projectId, "2030-06-10T11:00:00Z"],
    );
    const o = (await get(projectId, "analytics/overview")).body;
    expect(o).toMatchObject({ avg_session_seconds: 90, preview_to_play: { previewed: 2, played: 1, rate: 0.5 }, fraud_flags: 1, webhook_failures: 2 });
  });

  it("counts a real game run started through the API as today's session", async () => {
    admin = await verifiedAdmin(call);
    token = admin.token;
    const { projectId, key } = await playProject(call, admin);
    const player = await newPlayer(call, projectId, key);
    expect((await startRun(call, player)).status).toBe(200);
    const o = (await get(projectId, "analytics/overview")).body;
    expect(o).toMatchObject({ dau: 1, wau: 1, sessions: 1 });
    expect((await get(projectId, "analytics/case")).body).toMatchObject({ players: 1, new_players: 1, sessions: 1 });
  });
});

describe("A/B cohorts", () => {
  it("counts plays, wins and rewards from the exposure instant and day-N return from its UTC day, whatever order the rows arrive in", async () => {
    const projectId = await begin("2030-08-20T12:00:00Z");
    const key = (await pool().query("SELECT experiment_key FROM project WHERE id = $1", [projectId])).rows[0].experiment_key as string;

    // treatment — early: played before the exposure (days before, and earlier on its day); exposure first, then the sessions
    await session(projectId, "early", "2030-08-01T10:00:00Z");
    await session(projectId, "early", "2030-08-10T09:00:00Z"); // the exposure's day, an hour before it: not a play of the cohort
    await finishedRun(projectId, "early", "2030-08-10T09:29:00Z"); // won 09:30, before the exposure
    await rewardClaim(projectId, "early", "2030-08-09T12:00:00Z", "deliverable"); // before the exposure
    await exposure(projectId, key, "early", "treatment", "2030-08-10T10:00:00Z");
    await session(projectId, "early", "2030-08-10T10:00:00Z"); // at the exposure instant: counts
    await session(projectId, "early", "2030-08-11T23:59:00Z"); // day 1
    await session(projectId, "early", "2030-08-17T00:01:00Z"); // day 7
    await session(projectId, "early", "2030-08-18T00:00:00Z"); // day 8
    await finishedRun(projectId, "early", "2030-08-12T10:00:00Z");
    await finishedRun(projectId, "early", "2030-08-13T10:00:00Z", { outcome: "lost" });
    await rewardClaim(projectId, "early", "2030-08-11T12:00:00Z", "deliverable");
    const held = await rewardClaim(projectId, "early", "2030-08-12T12:00:00Z", "held");
    await rewardClaim(projectId, "early", "2030-08-12T13:00:00Z", "rejected");
    // treatment — boundary: exposed a minute before midnight; 90 s later is already its day 1
    await exposure(projectId, key, "boundary", "treatment", "2030-08-12T23:59:00Z");
    await session(projectId, "boundary", "2030-08-12T23:58:59Z"); // a second before the exposure
    await session(projectId, "boundary", "2030-08-13T00:00:30Z"); // day 1
    await session(projectId, "boundary", "2030-08-19T23:59:59Z"); // day 7, its last second
    await finishedRun(projectId, "boundary", "2030-08-12T23:57:00Z"); // won 23:58, before the exposure
    await finishedRun(projectId, "boundary", "2030-08-12T23:59:30Z"); // won 00:00:30 on day 1
    // treatment — veteran: months of sessions, exposed long after the first; the exposure row is written after all of them
    for (const at of ["2030-05-01T10:00:00Z", "2030-08-05T08:00:00Z", "2030-08-06T12:00:00Z", "2030-08-11T12:00:00Z", "2030-08-13T12:00:00Z"]) await session(projectId, "veteran", at);
    await exposure(projectId, key, "veteran", "treatment", "2030-08-05T09:00:00Z"); // day 1 yes (08-06), day 7 (08-12) no
    // control — late: a session two days on, then two late-arriving (backdated) ones: before the exposure, and on day 1
    await exposure(projectId, key, "late", "control", "2030-08-15T12:00:00Z");
    await session(projectId, "late", "2030-08-17T08:00:00Z");
    await session(projectId, "late", "2030-08-15T08:00:00Z");
    await session(projectId, "late", "2030-08-16T08:00:00Z");
    await finishedRun(projectId, "late", "2030-08-16T08:00:00Z");
    // control — never: exposed yesterday, never played; day 1 (today) is not over
    await exposure(projectId, key, "never", "control", "2030-08-19T10:00:00Z");
    // someone else's sessions, wins and claims change nothing
    await session(projectId, "bystander", "2030-08-16T08:00:00Z");
    await finishedRun(projectId, "bystander", "2030-08-16T08:00:00Z");
    await rewardClaim(projectId, "bystander", "2030-08-16T08:00:00Z", "deliverable");

    const ab = async () => (await get(projectId, "analytics/ab")).body.cohorts;
    const treatment = (rewards: number, cost: number) => ({
      cohort: "treatment", players: 3, exposures: 3, plays: 4 + 2 + 3, wins: 2,
      d1_return: { eligible: 3, returned: 3, rate: 1 }, d7_return: { eligible: 3, returned: 2, rate: 0.6667 }, rewards_granted: rewards, cost_per_retained_player: cost,
    });
    const control = (d1: object, d7: object) => ({ cohort: "control", players: 2, exposures: 2, plays: 2, wins: 1, d1_return: d1, d7_return: d7, rewards_granted: 0, cost_per_retained_player: null });
    expect(await ab()).toMatchObject([control({ eligible: 1, returned: 1, rate: 1 }, { eligible: 0, returned: 0, rate: null }), treatment(1, 0.5)]);

    // the held claim is released: it counts from then on (it was created after the exposure)
    await pool().query("UPDATE reward_claim SET status = 'deliverable' WHERE id = $1", [held]);
    expect((await ab())[1]).toMatchObject({ ...treatment(2, 1), rewards_by_type: { other: 2 } /* the fixture's campaigns have a type outside today's list */ });

    // a minute before midnight of the 22nd, late's day 7 (the 22nd) is not over; at midnight it is, and never's day 1 too
    await at("2030-08-22T23:59:00Z");
    expect((await ab())[0]).toMatchObject(control({ eligible: 2, returned: 1, rate: 0.5 }, { eligible: 0, returned: 0, rate: null }));
    await at("2030-08-23T00:00:00Z");
    expect((await ab())[0]).toMatchObject(control({ eligible: 2, returned: 1, rate: 0.5 }, { eligible: 1, returned: 0, rate: 0 }));
  });
});

describe("case study", () => {
  it("tells the last 30 days as numbers and as a paragraph", async () => {
    const projectId = await begin("2030-07-30T12:00:00Z");
    await session(projectId, "a", "2030-07-01T10:00:00Z");
    await session(projectId, "a", "2030-07-02T10:00:00Z");
    await session(projectId, "b", "2030-07-30T10:00:00Z");
    await session(projectId, "z", "2030-06-30T10:00:00Z"); // the day before the period
    await finishedRun(projectId, "a", "2030-07-02T10:00:00Z");
    const c = (await get(projectId, "analytics/case")).body;
    expect(c).toMatchObject({ period: { from: "2030-07-01", to: "2030-07-30", days: 30 }, players: 2, new_players: 2, sessions: 3, returning_players: 1, levels_won: 1, rewards_granted: 0, webhooks_delivered: 0 });
    expect(c.summary).toContain("2 players started 3 game sessions (2 of them new). 1 player (50.0%) came back");
  });
});
