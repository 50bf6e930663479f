import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptDelivery } from "@/server/domain/platform/webhooks/deliver";
import { serializeBody } from "@/server/domain/platform/webhooks/payload";
import { nowSeconds } from "@/server/lib/clock";
import { v1 } from "../helpers/webhooks";
import { client, createApiKey, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { createCampaign, deliveriesOf, rewardsProject, winLevel } from "../helpers/rewards";
import { startTestServer, type TTestServer } from "../helpers/server";

/**
 * The sample shop (examples/shop/server.mjs), the integrator a newcomer runs beside npm start:
 * its server issues the signed-in shopper's session with the API key, and a win as that shopper
 * reaches its webhook receiver, verified, granted once, shown to the shopper.
 */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let shop: { url: string; close: () => void };

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
});
afterAll(async () => {
  shop?.close();
  await server.close();
});

async function startShop(env: Record<string, string>) {
  Object.assign(process.env, env);
  const { createShop } = await import("@/examples/shop/server.mjs");
  const s = createShop();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, close: () => s.close() };
}

describe("the sample shop", () => {
  it("issues its shopper's session, receives the win's signed reward, grants it once and shows it", async () => {
    const { projectId } = await rewardsProject(call, admin);
    await createCampaign(call, admin, projectId, { reward_type: "points", reward_metadata: { amount: 50 } });
    const apiKey = await createApiKey(call, admin, projectId, ["session:issue"]);
    const secret = (await call("POST", `/v1/admin/projects/${projectId}/webhook-secret/reveal`, { token: admin.token })).body.secret as string;
    shop = await startShop({ PLAYLOOP_URL: server.url, PLAYLOOP_PROJECT_ID: projectId, PLAYLOOP_API_KEY: apiKey, PLAYLOOP_WEBHOOK_SECRET: secret });
    await call("PATCH", `/v1/admin/projects/${projectId}/webhook-settings`, { token: admin.token, body: { webhook_url: `${shop.url}/webhooks/playloop` } });

    // The shopper signs in at the shop; its page gets their Playloop session from the shop's server.
    const cookie = "shopper=ada";
    const page = await fetch(shop.url, { headers: { cookie } }).then((r) => r.text());
    expect(page).toContain(`data-project-id="${projectId}"`);
    expect(page).toContain('data-auth="site"');
    expect(page).not.toContain(apiKey);
    const session = await fetch(`${shop.url}/playloop-session`, { headers: { cookie } }).then((r) => r.json());
    expect(session.session_token).toMatch(/^ey/);
    expect((await fetch(`${shop.url}/playloop-session`)).status).toBe(401);

    // A win as that shopper: the reward goes to the shop's receiver, verified.
    await winLevel(call, projectId, apiKey, { player: { token: session.session_token, externalUserId: "ada", projectId } });
    const [delivery] = await deliveriesOf(projectId);
    expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "delivered", status: 200 });
    const rewards = await fetch(`${shop.url}/rewards.json`, { headers: { cookie } }).then((r) => r.json());
    expect(rewards).toEqual([expect.objectContaining({ text: "<b>50</b> loyalty points", key: delivery.idempotency_key })]);
    // The same reward delivered again grants nothing twice (and says so: the same grant_id); a forged one is refused.
    const body = serializeBody(delivery.payload);
    const t = nowSeconds();
    const again = await fetch(`${shop.url}/webhooks/playloop`, { method: "POST", body, headers: { "x-service-signature": `t=${t},v=1,v1=${v1(secret, t, body)}` } });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "ok", grant_id: "grant_1" });
    expect((await fetch(`${shop.url}/webhooks/playloop`, { method: "POST", body, headers: { "x-service-signature": `t=${t},v=1,v1=${"0".repeat(64)}` } })).status).toBe(401);
    // Signed only the Standard Webhooks way (the project's opt-in), with the same secret: verified too, still granted once.
    const standardKey = `whsec_${Buffer.from(secret).toString("base64")}`;
    const at = new Date();
    const standardHeaders = (signature: string) => ({ "webhook-id": "msg_1", "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature });
    const viaStandard = await fetch(`${shop.url}/webhooks/playloop`, { method: "POST", body, headers: standardHeaders(new Webhook(standardKey).sign("msg_1", at, body)) });
    expect(viaStandard.status).toBe(200);
    const forged = new Webhook(`whsec_${Buffer.from("whsec_not-the-secret").toString("base64")}`).sign("msg_1", at, body);
    expect((await fetch(`${shop.url}/webhooks/playloop`, { method: "POST", body, headers: standardHeaders(forged) })).status).toBe(401);
    expect(await fetch(`${shop.url}/rewards.json`, { headers: { cookie } }).then((r) => r.json())).toHaveLength(1);

    // During a rotation the shop holds both secrets, the new one first, as verify-webhooks.md says
    // (a pasted space is not part of one): a delivery signed with either is verified.
    process.env.PLAYLOOP_WEBHOOK_SECRET = `whsec_the-new-one, ${secret} `;
    try {
      const rotated = await fetch(`${shop.url}/webhooks/playloop`, { method: "POST", body, headers: { "x-service-signature": `t=${t},v=1,v1=${v1(secret, t, body)}` } });
      expect(rotated.status).toBe(200);
    } finally {
      process.env.PLAYLOOP_WEBHOOK_SECRET = secret;
    }

    // Playloop's own prefixes are refused at the shop's sign-in (Playloop would refuse the session)
    for (const name of ["anon_ada", "erased_ada"]) {
      const signIn = await fetch(`${shop.url}/sign-in`, { method: "POST", body: `shopper=${name}`, headers: { "content-type": "application/x-www-form-urlencoded" }, redirect: "manual" });
      expect(signIn.status, name).toBe(400);
    }
  });
});
