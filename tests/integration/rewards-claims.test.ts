import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { attemptDelivery } from "@/server/domain/webhooks/deliver";
import { webhookSecret } from "@/server/domain/webhooks/signature";
import { advanceClock, nowSeconds } from "@/server/lib/clock";
// The receiver example integrators copy, run against real deliveries.
import { verify } from "@/docs/webhooks/verify-node.mjs";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, randomIp, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { newPlayer, startRun, sendCommand } from "../helpers/play";
import { claimsOf, createCampaign, deliveriesOf, playProject, playToBrink, rewardsProject, startReceiver, winLevel } from "../helpers/rewards";

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
    // The job was enqueued with it.
    expect((await pool().query("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhooks.deliver' AND data->>'delivery_id' = $1", [delivery.id])).rows[0].n).toBe(1);

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
