import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { attemptDelivery } from "@/server/domain/platform/webhooks/deliver";
import { nowSeconds } from "@/server/lib/clock";
import { createApiKey, randomIp } from "../helpers/api";
import { newPlayer } from "../helpers/play";
import { createCampaign, deliveriesOf, rewardsProject, winLevel } from "../helpers/rewards";
import { serverSuite } from "../helpers/suite";
import { v1sOf, wonDelivery } from "../helpers/webhooks";
import { Playloop, PlayloopError, playloopWebhook, standardWebhooksKey, verifyWebhook, verifyWebhookSignature, WebhookVerificationError, type PlayloopWebhookEvent } from "@/sdk/node/src/index";

/**
 * @playloop/node against the real service: each method's typed answer, its typed PlayloopError
 * with the service's code, idempotency keys, and webhook verification of real signed deliveries.
 */
const suite = serverSuite({ receiver: true });

/** A client for a key; each test presents its own client address, so per-address limits never couple files. */
const sdk = (apiKey: string, projectId?: string, fetch?: (req: Request) => Promise<Response>) =>
  new Playloop({ apiKey, baseUrl: suite.server.url, projectId, headers: { "x-forwarded-for": randomIp() }, fetch });

async function project(scopes: string[]) {
  const { projectId } = await rewardsProject(suite.call, suite.admin);
  return { projectId, apiKey: await createApiKey(suite.call, suite.admin, projectId, scopes) };
}

async function thrown(p: Promise<unknown>): Promise<PlayloopError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof PlayloopError)) throw new Error(`expected a PlayloopError, got ${String(e)}`);
  return e;
}

describe("@playloop/node client", () => {
  it("issues a verified session token; a key without session:issue, a wrong key and a bad body are typed PlayloopErrors with the service's code", async () => {
    const { projectId, apiKey } = await project(["session:issue"]);
    const session = await sdk(apiKey, projectId).issueSessionToken({ external_user_id: "customer-1", ttl_seconds: 600 });
    expect(session).toMatchObject({ subject_type: "verified", external_user_id: "customer-1" });
    expect(session.session_token).toMatch(/^ey/);
    expect(Date.parse(session.expires_at) - Date.now()).toBeGreaterThan(500_000);
    // The project can also be given per call.
    expect((await sdk(apiKey).issueSessionToken({ project_id: projectId, external_user_id: "customer-2" })).external_user_id).toBe("customer-2");

    const eventsOnly = await createApiKey(suite.call, suite.admin, projectId, ["events:write"]);
    const scope = await thrown(sdk(eventsOnly, projectId).issueSessionToken({ external_user_id: "customer-1" }));
    expect(scope).toMatchObject({ name: "PlayloopError", status: 403, code: "insufficient_scope" });
    expect(scope.request_id).toMatch(/\S/);
    expect(scope.message).toMatch(/scope/i);

    const wrongKey = await thrown(sdk("pk_not_a_key", projectId).issueSessionToken({ external_user_id: "customer-1" }));
    expect(wrongKey).toMatchObject({ status: 401, code: "unauthorized" });

    const invalid = await thrown(sdk(apiKey, projectId).issueSessionToken({ external_user_id: "has spaces" }));
    expect(invalid).toMatchObject({ status: 422, code: "validation_error" });
    expect(invalid.details.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.stringContaining("external_user_id") })]));

    await expect(sdk(apiKey).issueSessionToken({ external_user_id: "x" })).rejects.toThrow(/project_id is required/);
  });

  it("server and business events carry an Idempotency-Key: the same key twice is a replay (duplicate: true); a generated one is new each call", async () => {
    const { projectId, apiKey } = await project(["events:write"]);
    const playloop = sdk(apiKey, projectId);
    const purchase = { external_user_id: "customer-7", type: "purchase" as const, payload: { order_id: "o-1", total_cents: 4200 } };
    const first = await playloop.sendBusinessEvent(purchase, { idempotencyKey: "order-o-1" });
    expect(first).toMatchObject({ accepted: true, duplicate: false });
    const again = await playloop.sendBusinessEvent(purchase, { idempotencyKey: "order-o-1" });
    expect(again).toMatchObject({ accepted: true, duplicate: true });
    expect((await playloop.sendBusinessEvent(purchase)).duplicate).toBe(false);
    expect((await playloop.sendBusinessEvent(purchase)).duplicate).toBe(false);

    const confirm = { external_user_id: "customer-7", type: "streak.server_confirm" as const, payload: {} };
    expect((await playloop.sendServerEvent(confirm, { idempotencyKey: "streak-2026-05-04" })).duplicate).toBe(false);
    expect((await playloop.sendServerEvent(confirm, { idempotencyKey: "streak-2026-05-04" })).duplicate).toBe(true);
    // Promo outcomes require the header: the SDK always sends one.
    expect((await playloop.sendServerEvent({ external_user_id: "customer-7", type: "promo.issued", payload: { code: "PLAY-1" } })).accepted).toBe(true);

    const bad = await thrown(playloop.sendBusinessEvent(purchase, { idempotencyKey: "k".repeat(129) }));
    expect(bad).toMatchObject({ status: 422, code: "validation_error" });
    const noScope = await thrown(sdk(await createApiKey(suite.call, suite.admin, projectId, ["session:issue"]), projectId).sendBusinessEvent(purchase));
    expect(noScope).toMatchObject({ status: 403, code: "insufficient_scope" });
  });

  it("retries a request that failed with 503 with the same idempotency key, so it counts once", async () => {
    const { projectId, apiKey } = await project(["events:write"]);
    const keys: Array<string | null> = [];
    let failNext = true;
    const flaky = async (req: Request) => {
      keys.push(req.headers.get("idempotency-key"));
      if (failNext) {
        failNext = false;
        return new Response(JSON.stringify({ code: "service_unavailable", message: "try again", request_id: "r" }), { status: 503 });
      }
      return fetch(req);
    };
    const answer = await sdk(apiKey, projectId, flaky).sendBusinessEvent({ external_user_id: "customer-8", type: "favorite", payload: {} });
    expect(answer.duplicate).toBe(false);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // An outage's 503 names its wait: the retry comes after Retry-After, not the 200 ms backoff.
    let outageAt = 0;
    let retriedAt = 0;
    const outage = async (req: Request) => {
      if (!outageAt) {
        outageAt = Date.now();
        return new Response(JSON.stringify({ code: "service_unavailable", message: "The database is unavailable", request_id: "r", dependency: "database" }), { status: 503, headers: { "Retry-After": "1" } });
      }
      retriedAt = Date.now();
      return fetch(req);
    };
    await sdk(apiKey, projectId, outage).sendBusinessEvent({ external_user_id: "customer-9", type: "favorite", payload: {} });
    expect(retriedAt - outageAt).toBeGreaterThanOrEqual(950);
    // Without retries the 503 is the answer.
    const once = new Playloop({ apiKey, baseUrl: suite.server.url, projectId, maxRetries: 0, fetch: async () => new Response("<html>bad gateway</html>", { status: 503 }) });
    const err = await thrown(once.sendBusinessEvent({ external_user_id: "customer-8", type: "favorite", payload: {} }));
    expect(err).toMatchObject({ status: 503, code: "service_unavailable", message: "<html>bad gateway</html>", raw_code: null });
  });

  it("grants economy resources: the new balance; the same key again is the stored result; a debit below zero is insufficient_balance with its details", async () => {
    const { projectId, apiKey } = await project(["economy:grant", "session:issue"]);
    const playloop = sdk(apiKey, projectId);
    const key = randomUUID();
    const granted = await playloop.grant({ external_user_id: "customer-9", resource_id: "tickets", amount: 3, idempotency_key: key });
    expect(granted).toEqual({ project_id: projectId, external_user_id: "customer-9", resource_id: "tickets", amount: 3, balance: expect.any(Number) });
    const again = await playloop.grant({ external_user_id: "customer-9", resource_id: "tickets", amount: 3, idempotency_key: key });
    expect(again.balance).toBe(granted.balance);
    const more = await playloop.grant({ external_user_id: "customer-9", resource_id: "tickets", amount: 1 }); // key generated
    expect(more.balance).toBe(granted.balance + 1);
    const debit = await thrown(playloop.grant({ external_user_id: "customer-9", resource_id: "tickets", amount: -1000 }));
    expect(debit).toMatchObject({ status: 409, code: "insufficient_balance" });
    expect(debit.details).toMatchObject({ resource_id: "tickets", balance: granted.balance + 1 });

    // The raw typed client reaches every other route, here a player route with the player's own session.
    const { session_token } = await playloop.issueSessionToken({ external_user_id: "customer-9" });
    const { data, response } = await playloop.api.GET("/v1/economy/balances", { headers: { authorization: `Bearer ${session_token}` } });
    expect(response.status).toBe(200);
    expect(data).toBeDefined();
    expect(JSON.stringify(data)).toContain("tickets");
  });

  it("reads a run's reward status, with the player's session or through a session it issues", async () => {
    const { projectId, key } = await rewardsProject(suite.call, suite.admin);
    await createCampaign(suite.call, suite.admin, projectId);
    const player = await newPlayer(suite.call, projectId, key);
    const { runId } = await winLevel(suite.call, projectId, key, { player });
    const direct = await suite.call("GET", `/v1/game-runs/${runId}/reward`, { token: player.token, ip: player.ip });
    expect(direct.status).toBe(200);
    const playloop = sdk(key, projectId);
    expect(await playloop.getRewardStatus({ run_id: runId, session_token: player.token })).toEqual(direct.body);
    const viaIssued = await playloop.getRewardStatus({ run_id: runId, external_user_id: player.externalUserId });
    expect(viaIssued.status).toBe(direct.body.status);
    expect(viaIssued.status).not.toBe("none");
    expect(viaIssued.label_key).toBe(`reward.status.${viaIssued.status}`);
    // Another player's run is not theirs to read.
    const other = await thrown(playloop.getRewardStatus({ run_id: runId, external_user_id: "someone-else" }));
    expect(other).toMatchObject({ status: 404, code: "not_found" });
  });
});

describe("verifyWebhook on real deliveries", () => {
  const reveal = async (projectId: string) => (await suite.call("POST", `/v1/admin/projects/${projectId}/webhook-secret/reveal`, { token: suite.admin.token })).body as { secret: string; version: number; standard_webhooks_key?: string };
  const settings = (projectId: string, body: Record<string, unknown>) => suite.call("PATCH", `/v1/admin/projects/${projectId}/webhook-settings`, { token: suite.admin.token, body });

  async function deliver(deliveryId: string) {
    const rx = suite.receiver;
    const before = rx.received.length;
    expect(await attemptDelivery(deliveryId)).toMatchObject({ outcome: "delivered" });
    await rx.waitFor(before + 1);
    return rx.received[before]!;
  }

  it("a delivery verifies with the revealed secret and answers its event; the same bytes with another secret or changed do not", async () => {
    const { projectId, delivery } = await wonDelivery(suite.call, suite.admin, { webhookUrl: suite.receiver.url });
    const { secret } = await reveal(projectId);
    const got = await deliver(delivery.id);
    const event = verifyWebhook(got.body, got.headers, secret, { now: nowSeconds() });
    expect(event).toMatchObject({ event: "reward.eligible", project_id: projectId, idempotency_key: delivery.idempotency_key });
    expect(verifyWebhookSignature(Buffer.from(got.body), got.headers, { 1: secret }).delivery_id).toBe(got.headers["x-service-delivery-id"]);
    expect(() => verifyWebhook(got.body, got.headers, secret.replace(/.$/, (c) => (c === "0" ? "1" : "0")))).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(got.body.replace(delivery.idempotency_key, "forged"), got.headers, secret)).toThrow(expect.objectContaining({ reason: "mismatch" }));
  });

  it("during a rotation with dual signatures: two v1, verified by the old secret alone, the new alone, or a map of versions", async () => {
    const { projectId, key } = await rewardsProject(suite.call, suite.admin, { webhookUrl: suite.receiver.url });
    await createCampaign(suite.call, suite.admin, projectId);
    expect((await settings(projectId, { dual_signatures: true })).status).toBe(200);
    const old = (await reveal(projectId)).secret;
    const rotated = (await suite.call("POST", `/v1/admin/projects/${projectId}/webhook-secret/rotate`, { token: suite.admin.token })).body as { secret: string; version: number };
    expect(rotated.version).toBe(2);
    await winLevel(suite.call, projectId, key);
    const [delivery] = await deliveriesOf(projectId);
    const got = await deliver(delivery.id);
    const header = got.headers["x-service-signature"] as string;
    expect(header).toMatch(/(^|,)v=2(,|$)/);
    expect(v1sOf(header)).toHaveLength(2);
    for (const secrets of [old, rotated.secret, [rotated.secret, old], { 1: old }, { 2: rotated.secret }, { 1: old, 2: rotated.secret }]) {
      expect(verifyWebhook<PlayloopWebhookEvent>(got.body, got.headers, secrets).idempotency_key).toBe(delivery.idempotency_key);
    }
    expect(() => verifyWebhook(got.body, got.headers, "whsec_unrelated")).toThrow(expect.objectContaining({ reason: "mismatch" }));
  });

  it("with Standard Webhooks on: the webhook-* headers verify with the ordinary secret, and with the standardwebhooks library under standardWebhooksKey(secret)", async () => {
    const { projectId, delivery } = await wonDelivery(suite.call, suite.admin, { webhookUrl: suite.receiver.url });
    expect((await settings(projectId, { standard_webhooks: true })).status).toBe(200);
    const revealed = await reveal(projectId);
    expect(revealed.standard_webhooks_key).toBe(standardWebhooksKey(revealed.secret));
    const got = await deliver(delivery.id);
    expect(got.headers["webhook-signature"]).toMatch(/^v1,/);
    const { "x-service-signature": _s, "x-legacy-signature": _l, ...standardOnly } = got.headers;
    expect(verifyWebhookSignature(got.body, standardOnly, revealed.secret)).toMatchObject({ scheme: "standard", delivery_id: got.headers["webhook-id"] });
    expect(verifyWebhook(got.body, got.headers, revealed.secret, { scheme: "standard" }).idempotency_key).toBe(delivery.idempotency_key);
    expect(new Webhook(standardWebhooksKey(revealed.secret)).verify(got.body, standardOnly as Record<string, string>)).toMatchObject({ idempotency_key: delivery.idempotency_key });
    expect(() => verifyWebhook(got.body, standardOnly, "whsec_unrelated")).toThrow(expect.objectContaining({ reason: "mismatch" }));
  });

  it("a receiver built with playloopWebhook takes a real delivery once per idempotency key, and refuses a forged one", async () => {
    const grants = new Map<string, string>();
    const secrets: string[] = []; // read at each delivery: filled once the project exists
    const handler = playloopWebhook({
      secrets,
      onEvent: (event, { idempotency_key }) => {
        if (!grants.has(idempotency_key)) grants.set(idempotency_key, `g${grants.size + 1}:${event.external_user_id}`);
        return grants.get(idempotency_key);
      },
    });
    const receiver = http.createServer((req, res) => void handler(req, res));
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/playloop`;
      const { projectId, delivery } = await wonDelivery(suite.call, suite.admin, { webhookUrl: url });
      secrets.push((await reveal(projectId)).secret);
      expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "delivered", status: 200 });
      expect([...grants.keys()]).toEqual([delivery.idempotency_key]);
      const forged = await fetch(url, { method: "POST", body: JSON.stringify(delivery.payload), headers: { "content-type": "application/json", "x-service-signature": `t=${nowSeconds()},v=1,v1=${"0".repeat(64)}` } });
      expect(forged.status).toBe(401);
      expect(await forged.json()).toEqual({ error: "invalid_signature", reason: "mismatch" });
      expect(grants.size).toBe(1);
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  });
});
