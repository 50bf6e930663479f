import { afterEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { attemptDelivery } from "@/server/domain/platform/webhooks/deliver";
import { webhookSecret } from "@/server/domain/platform/webhooks/signature";
import { advanceClock, resetClock } from "@/server/lib/clock";
import { createCampaign, rewardsProject, startReceiver, winLevel } from "../helpers/rewards";
import { serverSuite } from "../helpers/suite";
import { wonDelivery } from "../helpers/webhooks";

/**
 * Standard Webhooks as an opt-in: with `standard_webhooks` on, deliveries carry webhook-id,
 * webhook-timestamp and webhook-signature, and the maintained `standardwebhooks` library verifies
 * them with the key the secret's reveal gives. The library checks the timestamp against the real
 * clock, so these tests move the service's clock by at most a minute and put it back after.
 */
const s = serverSuite();
afterEach(() => resetClock());

const settingsPath = (projectId: string) => `/v1/admin/projects/${projectId}/webhook-settings`;
const headersOf = (h: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(h).filter(([, v]) => typeof v === "string")) as Record<string, string>;

describe("Standard Webhooks", () => {
  it("is off by default: no webhook-* headers", async () => {
    const rx = await startReceiver();
    try {
      const { projectId, delivery } = await wonDelivery(s.call, s.admin, { webhookUrl: rx.url });
      expect((await s.call("GET", settingsPath(projectId), { token: s.admin.token })).body.standard_webhooks).toBe(false);
      expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "delivered" });
      expect(Object.keys(rx.received[0]!.headers).filter((k) => k.startsWith("webhook-"))).toEqual([]);
    } finally {
      await rx.close();
    }
  });

  it("once on, the standardwebhooks library verifies a real delivery with the revealed key; webhook-id is the delivery's id on every retry", async () => {
    const rx = await startReceiver((n) => (n === 1 ? 503 : 200));
    try {
      const { projectId, key } = await rewardsProject(s.call, s.admin, { webhookUrl: rx.url });
      await createCampaign(s.call, s.admin, projectId);
      const patch = await s.call("PATCH", settingsPath(projectId), { token: s.admin.token, body: { standard_webhooks: true } });
      expect(patch.status).toBe(200);
      expect(patch.body.standard_webhooks).toBe(true);
      const revealed = (await s.call("POST", `/v1/admin/projects/${projectId}/webhook-secret/reveal`, { token: s.admin.token })).body;
      expect(revealed.standard_webhooks_key).toBe(`whsec_${Buffer.from(webhookSecret(projectId, 1)).toString("base64")}`);

      await winLevel(s.call, projectId, key);
      const deliveryId = (await s.call("GET", `/v1/admin/projects/${projectId}/webhooks/deliveries`, { token: s.admin.token })).body.deliveries[0].delivery_id as string;
      expect(await attemptDelivery(deliveryId)).toMatchObject({ outcome: "retry", status: 503 });
      advanceClock(61_000);
      expect(await attemptDelivery(deliveryId)).toMatchObject({ outcome: "delivered" });

      const wh = new Webhook(revealed.standard_webhooks_key);
      for (const r of rx.received) {
        const h = headersOf(r.headers);
        expect(h["webhook-id"]).toBe(deliveryId);
        expect(h["x-service-delivery-id"]).toBe(deliveryId);
        expect(h["x-service-signature"]).toMatch(/^t=\d+,v=1,v1=[0-9a-f]{64}$/); // the default scheme stays
        expect(h["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
        expect(wh.verify(r.body, h)).toMatchObject({ event: "reward.eligible", project_id: projectId });
      }
      expect(rx.received[1]!.headers["webhook-timestamp"]).not.toBe(rx.received[0]!.headers["webhook-timestamp"]);

      // The library refuses what was not signed with the key: another body, another project's key.
      const h = headersOf(rx.received[1]!.headers);
      expect(() => wh.verify(rx.received[1]!.body.replace("reward.eligible", "reward.eligibl3"), h)).toThrow();
      const other = await rewardsProject(s.call, s.admin, {});
      expect(() => new Webhook(`whsec_${Buffer.from(webhookSecret(other.projectId, 1)).toString("base64")}`).verify(rx.received[1]!.body, h)).toThrow();
    } finally {
      await rx.close();
    }
  });

  it("during a rotation with dual signatures, webhook-signature carries both versions: a receiver still on the old key verifies", async () => {
    const rx = await startReceiver();
    try {
      const { projectId, key } = await rewardsProject(s.call, s.admin, { webhookUrl: rx.url });
      await createCampaign(s.call, s.admin, projectId);
      await s.call("PATCH", settingsPath(projectId), { token: s.admin.token, body: { standard_webhooks: true, dual_signatures: true } });
      const oldKey = (await s.call("POST", `/v1/admin/projects/${projectId}/webhook-secret/reveal`, { token: s.admin.token })).body.standard_webhooks_key;
      const newKey = (await s.call("POST", `/v1/admin/projects/${projectId}/webhook-secret/rotate`, { token: s.admin.token })).body.standard_webhooks_key;
      expect(newKey).not.toBe(oldKey);
      await winLevel(s.call, projectId, key);
      const deliveryId = (await s.call("GET", `/v1/admin/projects/${projectId}/webhooks/deliveries`, { token: s.admin.token })).body.deliveries[0].delivery_id as string;
      expect(await attemptDelivery(deliveryId)).toMatchObject({ outcome: "delivered" });
      const h = headersOf(rx.received[0]!.headers);
      expect(h["webhook-signature"]!.split(" ")).toHaveLength(2);
      expect(new Webhook(oldKey).verify(rx.received[0]!.body, h)).toMatchObject({ event: "reward.eligible" });
      expect(new Webhook(newKey).verify(rx.received[0]!.body, h)).toMatchObject({ event: "reward.eligible" });
    } finally {
      await rx.close();
    }
  });

  it("the console's test webhook carries them too, marked as a test", async () => {
    const rx = await startReceiver();
    try {
      const { projectId } = await rewardsProject(s.call, s.admin, {});
      await s.call("PATCH", settingsPath(projectId), { token: s.admin.token, body: { standard_webhooks: true } });
      const revealed = (await s.call("POST", `/v1/admin/projects/${projectId}/webhook-secret/reveal`, { token: s.admin.token })).body;
      const sent = await s.call("POST", `/v1/admin/projects/${projectId}/webhooks/test`, { token: s.admin.token, body: { webhook_url: rx.url } });
      expect(sent.body).toMatchObject({ ok: true, status: 200 });
      const h = headersOf(rx.received[0]!.headers);
      expect(h["x-service-test"]).toBe("true");
      expect(new Webhook(revealed.standard_webhooks_key).verify(rx.received[0]!.body, h)).toMatchObject({ event: "webhook.test" });
    } finally {
      await rx.close();
    }
  });

  it("the switch is validated like every setting: a string is 422 and changes nothing", async () => {
    const { projectId } = await rewardsProject(s.call, s.admin, {});
    const bad = await s.call("PATCH", settingsPath(projectId), { token: s.admin.token, body: { standard_webhooks: "yes" } });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe("validation_error");
    expect((await s.call("GET", settingsPath(projectId), { token: s.admin.token })).body.standard_webhooks).toBe(false);
  });
});
