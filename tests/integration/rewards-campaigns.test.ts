import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { advanceClock } from "@/server/lib/clock";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { newPlayer } from "../helpers/play";
import { claimsOf, createCampaign, deliveriesOf, rewardsProject, startReceiver, winLevel } from "../helpers/rewards";

let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

describe("campaigns", () => {
  it("creates with defaults, lists, and PATCHes a subset validated as a whole", async () => {
    const { projectId } = await rewardsProject(call, admin);
    const base = `/v1/admin/projects/${projectId}/campaigns`;
    const c = await createCampaign(call, admin, projectId, { name: "Level 1-5 coupon", trigger_params: { mechanic: "match3_v1", level_min: 1, level_max: 5 } });
    expect(c).toMatchObject({ status: "active", trigger_type: "game_won", trigger_params: { mechanic: "match3_v1", level_min: 1, level_max: 5, first_completion_only: true }, max_per_user: 1, max_total: null, cooldown_seconds: 0, starts_at: null, ends_at: null, webhook_url: null, claims_count: 0 });
    const patched = await call("PATCH", `${base}/${c.campaign_id}`, { token: admin.token, body: { status: "paused", webhook_url: "https://hooks.example/playloop" } });
    expect(patched.body).toMatchObject({ status: "paused", webhook_url: "https://hooks.example/playloop", name: "Level 1-5 coupon" });
    // Changing the trigger needs params that fit it.
    expect((await call("PATCH", `${base}/${c.campaign_id}`, { token: admin.token, body: { trigger_type: "streak_reached" } })).status).toBe(422);
    const streak = await call("PATCH", `${base}/${c.campaign_id}`, { token: admin.token, body: { trigger_type: "streak_reached", trigger_params: { days: 3 } } });
    expect(streak.body).toMatchObject({ trigger_type: "streak_reached", trigger_params: { days: 3 } });
    const list = await call("GET", base, { token: admin.token });
    expect(list.body.campaigns.map((x: { campaign_id: string }) => x.campaign_id)).toEqual([c.campaign_id]);
  });

  it.each([
    [{ trigger_type: "lottery" }, "trigger_type"],
    [{ trigger_params: { level_min: 5, level_max: 2 } }, "trigger_params.level_max"],
    [{ trigger_params: { surprise: true } }, "trigger_params"],
    [{ reward_type: "cash" }, "reward_type"],
    [{ reward_type: "points", reward_metadata: {} }, "reward_metadata.amount"],
    [{ reward_type: "gift", reward_metadata: { sku: "" } }, "reward_metadata.sku"],
    [{ max_per_user: 0 }, "max_per_user"],
    [{ max_per_user: 3, max_total: 2 }, "max_total"],
    [{ starts_at: "2027-02-01T00:00:00Z", ends_at: "2027-01-01T00:00:00Z" }, "ends_at"],
    [{ webhook_url: "ftp://files.example/x" }, "webhook_url"],
    [{ webhook_url: "https://user:pass@hooks.example/" }, "webhook_url"],
    [{ reward_metadata: { blob: "x".repeat(5000) } }, "reward_metadata"],
  ])("refuses %o (422 naming %s) and stores nothing", async (body, path) => {
    const { projectId } = await rewardsProject(call, admin);
    const res = await call("POST", `/v1/admin/projects/${projectId}/campaigns`, { token: admin.token, body: { name: "Bad", trigger_type: "game_won", reward_type: "promo_code", ...body } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("validation_error");
    expect(JSON.stringify(res.body.issues ?? res.body)).toContain(path.split(".")[0]);
    expect((await pool().query("SELECT count(*)::int AS n FROM campaign WHERE project_id = $1", [projectId])).rows[0].n).toBe(0);
  });

  it("keeps another account's campaigns out of reach (404)", async () => {
    const { projectId } = await rewardsProject(call, admin);
    const c = await createCampaign(call, admin, projectId);
    const mallory = await verifiedAdmin(call);
    const theirs = await rewardsProject(call, mallory);
    expect((await call("GET", `/v1/admin/projects/${projectId}/campaigns`, { token: mallory.token })).status).toBe(404);
    expect((await call("PATCH", `/v1/admin/projects/${projectId}/campaigns/${c.campaign_id}`, { token: mallory.token, body: { status: "paused" } })).status).toBe(404);
    expect((await call("PATCH", `/v1/admin/projects/${theirs.projectId}/campaigns/${c.campaign_id}`, { token: mallory.token, body: { status: "paused" } })).status).toBe(404);
    expect((await call("GET", `/v1/admin/projects/${projectId}/campaigns`, { token: admin.token })).body.campaigns[0].status).toBe("active");
  });

  it("a paused campaign grants nothing; the campaign's own webhook_url wins over the project's", async () => {
    const other = await startReceiver();
    try {
      const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
      const paused = await createCampaign(call, admin, projectId, { status: "paused" });
      const own = await createCampaign(call, admin, projectId, { name: "Own target", webhook_url: other.url });
      await winLevel(call, projectId, key);
      const claims = await claimsOf(projectId);
      expect(claims.map((c) => c.campaign_id)).toEqual([own.campaign_id]);
      expect(claims.some((c) => c.campaign_id === paused.campaign_id)).toBe(false);
      expect((await deliveriesOf(projectId))[0].target_url).toBe(other.url);
    } finally {
      await other.close();
    }
  });
});

describe("other triggers", () => {
  it("streak_reached grants once when the streak the server confirmed reaches its length, with no run fields; a player's own starts never", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { play_mechanic: null, active_template_id: "streak_v1" } });
    const campaign = await createCampaign(call, admin, projectId, { name: "Two days", trigger_type: "streak_reached", trigger_params: { days: 2 }, reward_type: "points", reward_metadata: { amount: 50 } });
    const p = await newPlayer(call, projectId, key);
    // The player's own session starts on two days in a row: their streak, not a reward.
    const start = (token: string) => call("POST", "/v1/events", { token, body: { type: "play.session_start", payload: {} } });
    expect((await start(p.token)).status).toBe(200);
    advanceClock(86_400_000);
    const again = await newPlayer(call, projectId, key, p.externalUserId);
    expect((await start(again.token)).status).toBe(200);
    expect(await claimsOf(projectId)).toHaveLength(0);
    const progress = (await call("GET", "/v1/progress/state", { token: again.token })).body.streak;
    expect(progress).toMatchObject({ current_streak: 2, confirmed_streak: 0 });
    // The integrator's server confirms two consecutive days: that is the streak rewards count.
    const confirm = () => call("POST", "/v1/server/events", { token: key, body: { project_id: projectId, external_user_id: p.externalUserId, type: "streak.server_confirm", payload: {} } });
    expect((await confirm()).status).toBe(200);
    expect(await claimsOf(projectId)).toHaveLength(0);
    advanceClock(86_400_000);
    expect((await confirm()).status).toBe(200);
    await confirm(); // the same day again: no longer streak
    const claims = await claimsOf(projectId);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ trigger: "streak_reached", run_id: null, idempotency_key: `${campaign.campaign_id}:${p.externalUserId}:streak:2` });
    const [d] = await deliveriesOf(projectId);
    expect(d.payload).not.toHaveProperty("run_id");
    expect(d.payload).not.toHaveProperty("mechanic");
    expect(d.payload).toMatchObject({ reward_type: "points", reward_metadata: { amount: 50 }, trigger: "streak_reached" });
  });

  it("a streak reached again is a repeat of its claim: no second claim, and no campaign counts it, capped or not", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { play_mechanic: null, active_template_id: "streak_v1" } });
    // max_per_user above 1: eligibility lets the repeat through to the claim's statement, whose
    // key (campaign, player, streak length) is the one already granted.
    const reward = { trigger_type: "streak_reached", trigger_params: { days: 2 }, reward_type: "points", reward_metadata: { amount: 50 }, max_per_user: 5 };
    const uncapped = await createCampaign(call, admin, projectId, { ...reward, name: "Two days" });
    const capped = await createCampaign(call, admin, projectId, { ...reward, name: "Two days, first 10", max_total: 10 });
    const p = await newPlayer(call, projectId, key);
    const dayStart = async () => {
      const sent = await call("POST", "/v1/server/events", { token: key, body: { project_id: projectId, external_user_id: p.externalUserId, type: "streak.server_confirm", payload: {} } });
      expect(sent.status).toBe(200);
    };
    await dayStart();
    advanceClock(86_400_000);
    await dayStart(); // 2 days: both campaigns grant
    expect(await claimsOf(projectId)).toHaveLength(2);
    advanceClock(2 * 86_400_000); // a day missed: the streak starts over
    await dayStart();
    advanceClock(86_400_000);
    await dayStart(); // 2 days again
    expect(await claimsOf(projectId)).toHaveLength(2);
    const counts = await pool().query(
      "SELECT c.id, c.claims_count + COALESCE((SELECT sum(claims) FROM campaign_claim_count s WHERE s.campaign_id = c.id), 0)::int AS n FROM campaign c WHERE c.project_id = $1",
      [projectId],
    );
    expect(Object.fromEntries(counts.rows.map((r) => [r.id, r.n]))).toEqual({ [uncapped.campaign_id]: 1, [capped.campaign_id]: 1 });
  });
});

describe("player reward status", () => {
  it("reports the highest status of a run's claims by pending > checking > delayed > confirmed > unavailable", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    await createCampaign(call, admin, projectId, { name: "A" });
    await createCampaign(call, admin, projectId, { name: "B" });
    const win = await winLevel(call, projectId, key);
    const claims = await claimsOf(projectId);
    expect(claims).toHaveLength(2);
    const status = async () => (await call("GET", `/v1/game-runs/${win.runId}/reward`, { token: win.player.token })).body.status;
    const set = (id: string, claim: string, delivery: string | null) =>
      Promise.all([
        pool().query("UPDATE reward_claim SET status = $2 WHERE id = $1", [id, claim]),
        delivery ? pool().query("UPDATE webhook_delivery SET status = $2 WHERE claim_id = $1", [id, delivery]) : null,
      ]);
    const [a, b] = claims;
    const cases: Array<[[string, string | null], [string, string | null], string]> = [
      [["deliverable", "queued"], ["held", null], "pending"],
      [["review", null], ["held", null], "checking"],
      [["held", null], ["deliverable", "delivered"], "delayed"],
      [["deliverable", "delivered"], ["rejected", null], "confirmed"],
      [["rejected", null], ["deliverable", "dead"], "unavailable"],
    ];
    // The lobby's last result says the same (from its one statement, the run's claims combined alike).
    const lobby = async () => (await call("GET", "/v1/lobby", { token: win.player.token })).body.last_result;
    expect(await lobby()).toMatchObject({ run_id: win.runId, status: "won", reward: { status: "pending" } });
    for (const [ca, cb, expected] of cases) {
      await set(a.id, ...ca);
      await set(b.id, ...cb);
      expect(await status(), JSON.stringify([ca, cb])).toBe(expected);
      expect((await lobby()).reward, JSON.stringify([ca, cb])).toEqual({ status: expected });
    }
    // Only the spec's fields: the claims themselves stay on the server.
    expect(Object.keys(await lobby()).sort()).toEqual(["level_number", "mechanic", "reward", "run_id", "status"]);
    // It changes nothing, and another player's token sees nothing.
    const stranger = await newPlayer(call, projectId, key);
    expect((await call("GET", `/v1/game-runs/${win.runId}/reward`, { token: stranger.token })).status).toBe(404);
  });
});
