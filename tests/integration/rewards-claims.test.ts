import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { CLAIM_LOCK_SQL } from "@/server/domain/money/rewards/claim-store";
import { attemptDelivery } from "@/server/domain/platform/webhooks/deliver";
import { webhookSecret } from "@/server/domain/platform/webhooks/signature";
import { advanceClock, nowSeconds } from "@/server/lib/clock";
// The receiver example integrators copy, run against real deliveries.
import { verify } from "@/docs/webhooks/verify-node.mjs";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, randomIp, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { sendCommand } from "../helpers/play";
import { brinkOfWin, claimsOf, createCampaign, deliveriesOf, playProject, rewardsProject, startReceiver, winLevel } from "../helpers/rewards";
import { untilBlockedBy } from "../helpers/locks";

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

describe("a win becomes a claim and a signed webhook", () => {
  it("creates one deliverable claim in the command's transaction and delivers reward.eligible exactly as the spec says", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    const campaign = await createCampaign(call, admin, projectId, { reward_metadata: { code_prefix: "WIN", discount_percent: 15 } });
    const { player, runId, response } = await winLevel(call, projectId, key);
    expect(response.status).toBe("won");
    const [claim] = await claimsOf(projectId);
    expect(claim).toMatchObject({ status: "deliverable", external_user_id: player.externalUserId, run_id: runId, mechanic: "match3_v1", level_number: 1, trigger: "game_won" });
    expect(claim.idempotency_key).toBe(`${campaign.campaign_id}:${player.externalUserId}:match3_v1:level:${claim.level_id}`);
    const [delivery] = await deliveriesOf(projectId);
    expect(delivery).toMatchObject({ status: "queued", kind: "reward.eligible", claim_id: claim.id, target_url: receiver.url });
    // Due at once: the outbox row is the delivery's job, which the workers lease.
    expect(delivery.next_attempt_at).toEqual(delivery.created_at);
    expect(delivery.lease_until).toBeNull();

    const before = receiver.received.length;
    expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "delivered", status: 200 });
    const got = receiver.received[before]!;
    const body = JSON.parse(got.body);
    expect(body).toEqual({
      event: "reward.eligible",
      payload_version: 2,
      project_id: projectId,
      campaign_id: campaign.campaign_id,
      external_user_id: player.externalUserId,
      reward_type: "promo_code",
      reward_metadata: { code_prefix: "WIN", discount_percent: 15 },
      trigger: "game_won",
      idempotency_key: claim.idempotency_key,
      timestamp: new Date(delivery.created_at).toISOString(),
      run_id: runId,
      mechanic: "match3_v1",
      level_number: 1,
      claim_id: claim.id,
    });
    expect(Object.keys(body).slice(0, 3)).toEqual(["event", "payload_version", "project_id"]);
    expect(got.headers["x-legacy-idempotency-key"]).toBe(claim.idempotency_key);
    const sig = got.headers["x-service-signature"] as string;
    expect(got.headers["x-legacy-signature"]).toBe(sig);
    expect(sig).toMatch(/^t=\d+,v=1,v1=[0-9a-f]{64}$/);
    expect(verify(got.body, sig, webhookSecret(projectId, 1), nowSeconds())).toBe(true);
    expect(verify(got.body.replace("15", "16"), sig, webhookSecret(projectId, 1), nowSeconds())).toBe(false);
    // The player sees it confirmed.
    const status = await call("GET", `/v1/game-runs/${runId}/reward`, { token: player.token });
    expect(status.body).toMatchObject({ status: "confirmed", label_key: "reward.status.confirmed" });
  });
});

describe("exactly once", () => {
  it("20 parallel sends of the winning command create one claim and one delivery", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    await createCampaign(call, admin, projectId);
    const { player, run, winning } = await brinkOfWin(call, projectId, key);
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendCommand(call, player, run.run_id, winning)));
    expect(answers.every((a) => a.status === 200 && a.body.status === "won")).toBe(true);
    expect(await claimsOf(projectId)).toHaveLength(1);
    expect(await deliveriesOf(projectId)).toHaveLength(1);
  });

  it("never exceeds a campaign's total under 50 concurrent wins", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    const campaign = await createCampaign(call, admin, projectId, { max_total: 5 });
    // 50 players each one move from winning level 1, then all winning moves at once.
    const brinks = await Promise.all(
      Array.from({ length: 50 }, async () => {
        // (a board the bot cannot win is replaced by a new run: one in 50 was, in CI on 2026-12-03)
        const b = await brinkOfWin(call, projectId, key);
        return { player: b.player, runId: b.run.run_id, winning: b.winning };
      }),
    );
    const answers = await Promise.all(brinks.map((b) => sendCommand(call, b.player, b.runId, b.winning)));
    expect(answers.filter((a) => a.status === 200 && a.body.status === "won")).toHaveLength(50);
    const claims = await claimsOf(projectId);
    expect(claims).toHaveLength(5);
    expect(new Set(claims.map((c) => c.external_user_id)).size).toBe(5);
    expect((await pool().query("SELECT claims_count FROM campaign WHERE id = $1", [campaign.campaign_id])).rows[0].claims_count).toBe(5);
    expect(await deliveriesOf(projectId)).toHaveLength(5);
    // a claim the count refused rolled back with everything it wrote (its audit entry, its outbox row and job)
    const audits = await pool().query("SELECT count(*)::int AS n FROM audit_log WHERE project_id = $1 AND action = 'reward.claim_created'", [projectId]);
    expect(audits.rows[0].n).toBe(5);
  }, 90_000);
});

describe("lock order", () => {
  it("a verified player's move takes the claim lock before it locks its track progress and run, so no claim decision and move wait on each other", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    await createCampaign(call, admin, projectId);
    const { player, run, winning } = await brinkOfWin(call, projectId, key);
    // Another transaction holds the player's claim lock, as a streak event's claim decision does
    // between locking its snapshot and writing its claims.
    const holder = await pool().connect();
    const probe = await pool().connect();
    try {
      await holder.query("BEGIN");
      await holder.query(CLAIM_LOCK_SQL, [projectId, player.externalUserId]);
      const move = sendCommand(call, player, run.run_id, winning);
      await untilBlockedBy(holder, "the move never waited for the claim lock");
      // The waiting move holds neither its run nor its track progress: whoever has them may go on.
      await probe.query("BEGIN");
      await probe.query("SET LOCAL lock_timeout = '500ms'");
      expect((await probe.query("SELECT id FROM game_run WHERE id = $1 FOR UPDATE", [run.run_id])).rowCount).toBe(1);
      expect((await probe.query("SELECT 1 FROM player_progress WHERE project_id = $1 AND external_user_id = $2 FOR UPDATE", [projectId, player.externalUserId])).rowCount).toBe(1);
      await probe.query("ROLLBACK");
      await holder.query("COMMIT");
      const res = await move;
      expect(res.status).toBe(200);
      expect(res.body.status).toBe("won");
      expect(await claimsOf(projectId)).toHaveLength(1);
    } finally {
      await holder.query("ROLLBACK").catch(() => {});
      await probe.query("ROLLBACK").catch(() => {});
      holder.release();
      probe.release();
    }
  });
});

describe("campaign counts", () => {
  const campaignsOf = async (projectId: string) => (await call("GET", `/v1/admin/projects/${projectId}/campaigns`, { token: admin.token })).body.campaigns;
  const stored = async (campaignId: string) =>
    (await pool().query("SELECT claims_count AS row, (SELECT COALESCE(sum(claims), 0)::int FROM campaign_claim_count WHERE campaign_id = $1) AS stripes FROM campaign WHERE id = $1", [campaignId])).rows[0];

  it("an uncapped campaign's claims do not wait for its row, which a capped campaign's claims count on", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    const uncapped = await createCampaign(call, admin, projectId);
    const { player, run, winning } = await brinkOfWin(call, projectId, key);
    // Another transaction holds the campaign's row as a capped campaign's claim does until its COMMIT.
    const holder = await pool().connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM campaign WHERE id = $1 FOR NO KEY UPDATE", [uncapped.campaign_id]);
      const res = await Promise.race([sendCommand(call, player, run.run_id, winning), new Promise<"waited">((r) => setTimeout(() => r("waited"), 5_000))]);
      expect(res).not.toBe("waited");
    } finally {
      await holder.query("ROLLBACK").catch(() => {});
      holder.release();
    }
    expect(await claimsOf(projectId)).toHaveLength(1);
    expect(await stored(uncapped.campaign_id)).toEqual({ row: 0, stripes: 1 });
    expect((await campaignsOf(projectId))[0].claims_count).toBe(1);
  });

  it("shows the row's count plus the stripes'; a cap folds them, holds exactly, and a rejected claim counts off", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    const campaign = await createCampaign(call, admin, projectId);
    for (let i = 0; i < 3; i++) await winLevel(call, projectId, key);
    expect(await stored(campaign.campaign_id)).toEqual({ row: 0, stripes: 3 });
    expect((await campaignsOf(projectId))[0].claims_count).toBe(3);
    // A rejected claim no longer counts, wherever it was counted.
    const [first] = await claimsOf(projectId);
    await pool().query("UPDATE reward_claim SET status = 'held' WHERE id = $1", [first.id]);
    expect((await call("POST", `/v1/admin/projects/${projectId}/reward-claims/${first.id}/reject`, { token: admin.token, body: {} })).status).toBe(200);
    expect(await stored(campaign.campaign_id)).toEqual({ row: 0, stripes: 2 });
    // A cap: the stripes fold into the row, which then counts up to the cap and no further.
    const capped = await call("PATCH", `/v1/admin/projects/${projectId}/campaigns/${campaign.campaign_id}`, { token: admin.token, body: { max_total: 4 } });
    expect(capped.body).toMatchObject({ max_total: 4, claims_count: 2 });
    expect(await stored(campaign.campaign_id)).toEqual({ row: 2, stripes: 0 });
    const brinks = await Promise.all(Array.from({ length: 5 }, () => brinkOfWin(call, projectId, key)));
    await Promise.all(brinks.map((b) => sendCommand(call, b.player, b.run.run_id, b.winning)));
    expect((await claimsOf(projectId)).filter((c) => c.status !== "rejected")).toHaveLength(4);
    expect(await stored(campaign.campaign_id)).toEqual({ row: 4, stripes: 0 });
    // The cap taken away: claims count on the stripes again, on top of the row.
    await call("PATCH", `/v1/admin/projects/${projectId}/campaigns/${campaign.campaign_id}`, { token: admin.token, body: { max_total: null } });
    await winLevel(call, projectId, key);
    expect(await stored(campaign.campaign_id)).toEqual({ row: 4, stripes: 1 });
    expect((await campaignsOf(projectId))[0].claims_count).toBe(5);
  }, 60_000);

  it("a cap given waits for the project's claim decisions in flight, so none counts on the wrong side of it", async () => {
    const { projectId } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    const campaign = await createCampaign(call, admin, projectId);
    // A claim decision in flight holds the claim lock (the project's caps lock shared with it).
    const holder = await pool().connect();
    try {
      await holder.query("BEGIN");
      await holder.query(CLAIM_LOCK_SQL, [projectId, "someone"]);
      const patch = call("PATCH", `/v1/admin/projects/${projectId}/campaigns/${campaign.campaign_id}`, { token: admin.token, body: { max_total: 10 } });
      await untilBlockedBy(holder, "the cap change never waited for the claim decision");
      await holder.query("COMMIT");
      expect((await patch).body).toMatchObject({ max_total: 10 });
    } finally {
      await holder.query("ROLLBACK").catch(() => {});
      holder.release();
    }
  });
});

describe("one transaction", () => {
  it("rolls back the command, its result and its claim when anything after the claim fails", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    await createCampaign(call, admin, projectId);
    const { player, run, winning } = await brinkOfWin(call, projectId, key);
    const fn = `fail_delivery_${projectId.replace(/-/g, "")}`;
    // Fail the outbox insert, which comes after the claim row in the same transaction.
    await pool().query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.project_id = '${projectId}' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`);
    await pool().query(`CREATE TRIGGER ${fn} BEFORE INSERT ON webhook_delivery FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    let failed;
    try {
      failed = await sendCommand(call, player, run.run_id, winning);
    } finally {
      await pool().query(`DROP TRIGGER ${fn} ON webhook_delivery`);
      await pool().query(`DROP FUNCTION ${fn}()`);
    }
    expect(failed.status).toBe(500);
    expect(await claimsOf(projectId)).toHaveLength(0);
    expect(await deliveriesOf(projectId)).toHaveLength(0);
    const after = (await pool().query("SELECT status, sequence FROM game_run WHERE id = $1", [run.run_id])).rows[0];
    expect(after).toEqual({ status: "active", sequence: winning.sequence - 1 });
    expect((await pool().query("SELECT count(*)::int AS n FROM game_command WHERE run_id = $1 AND command_id = $2", [run.run_id, winning.command_id])).rows[0].n).toBe(0);
    expect((await pool().query("SELECT count(*)::int AS n FROM player_progress WHERE project_id = $1 AND external_user_id = $2 AND levels_completed > 0", [projectId, player.externalUserId])).rows[0].n).toBe(0);
    // The same command, once the fault is gone, wins with its claim.
    const retried = await sendCommand(call, player, run.run_id, winning);
    expect(retried.body.status).toBe("won");
    expect(await claimsOf(projectId)).toHaveLength(1);
    expect(await deliveriesOf(projectId)).toHaveLength(1);
  });
});

describe("who gets a claim", () => {
  it("free_play projects and anonymous players create no claims", async () => {
    const free = await playProject(call, admin, "match3_v1");
    await call("PATCH", `/v1/admin/projects/${free.projectId}`, { token: admin.token, body: { webhook_url: receiver.url } });
    await createCampaign(call, admin, free.projectId);
    const win = await winLevel(call, free.projectId, free.key);
    expect(win.response.status).toBe("won");
    expect(await claimsOf(free.projectId)).toHaveLength(0);
    expect((await call("GET", `/v1/game-runs/${win.runId}/reward`, { token: win.player.token })).body.status).toBe("none");

    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    await createCampaign(call, admin, projectId);
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { allowed_origins: ["https://shop.example"] } });
    const anon = await call("POST", "/v1/widget/session", { ip: randomIp(), headers: { origin: "https://shop.example" }, body: { project_id: projectId, anonymous_id: "browser-anon-reward-1" } });
    const anonPlayer = { token: anon.body.session_token, externalUserId: anon.body.external_user_id, projectId };
    const anonWin = await winLevel(call, projectId, key, { player: anonPlayer });
    expect(anonWin.response.status).toBe("won");
    expect(await claimsOf(projectId)).toHaveLength(0);
  });

  it("replays and later track cycles never grant; each level grants once per player", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    await createCampaign(call, admin, projectId, { max_per_user: 10 });
    const first = await winLevel(call, projectId, key);
    await winLevel(call, projectId, key, { player: first.player, startBody: { level_number: 1, replace_active: true } });
    expect(await claimsOf(projectId)).toHaveLength(1);
    await winLevel(call, projectId, key, { player: first.player });
    const claims = await claimsOf(projectId);
    expect(claims.map((c) => c.level_number)).toEqual([1, 2]);
  });

  it("keys per campaign and player without first_completion_only, so max_per_user 1 grants once", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    const campaign = await createCampaign(call, admin, projectId, { trigger_params: { first_completion_only: false } });
    const first = await winLevel(call, projectId, key);
    await winLevel(call, projectId, key, { player: first.player });
    const claims = await claimsOf(projectId);
    expect(claims).toHaveLength(1);
    expect(claims[0].idempotency_key).toBe(`${campaign.campaign_id}:${first.player.externalUserId}`);
  });

  it("appends the run id when max_per_user > 1, honours the level range, the cooldown and the time window", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    const campaign = await createCampaign(call, admin, projectId, { trigger_params: { first_completion_only: false, level_min: 2, level_max: 3 }, max_per_user: 3, cooldown_seconds: 3600 });
    const future = await createCampaign(call, admin, projectId, { name: "Later", starts_at: new Date(Date.now() + 86_400_000).toISOString() });
    const p = await winLevel(call, projectId, key); // level 1: out of range
    expect(await claimsOf(projectId)).toHaveLength(0);
    const second = await winLevel(call, projectId, key, { player: p.player }); // level 2: claim
    const third = await winLevel(call, projectId, key, { player: p.player }); // level 3: in cooldown
    const claims = await claimsOf(projectId);
    expect(claims).toHaveLength(1);
    expect(claims[0].idempotency_key).toBe(`${campaign.campaign_id}:${p.player.externalUserId}:${second.runId}`);
    expect(claims.every((c) => c.campaign_id !== future.campaign_id)).toBe(true);
    expect(third.response.status).toBe("won");
  });

  it("keeps a client's Idempotency-Key for audit only", async () => {
    const { projectId, key } = await rewardsProject(call, admin, { webhookUrl: receiver.url });
    await createCampaign(call, admin, projectId);
    const { player, run, winning } = await brinkOfWin(call, projectId, key);
    await sendCommand(call, player, run.run_id, winning, { "idempotency-key": "client-chosen-key" });
    const [claim] = await claimsOf(projectId);
    expect(claim.client_idempotency_key).toBe("client-chosen-key");
    expect(claim.idempotency_key).not.toContain("client-chosen-key");
  });
});

void advanceClock;
