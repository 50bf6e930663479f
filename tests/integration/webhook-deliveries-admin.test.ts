import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { attemptDelivery } from "@/server/domain/platform/webhooks/deliver";
import { client, createProject, newVerifiedSession, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { startReceiver } from "../helpers/rewards";
import { startTestServer, type TTestServer } from "../helpers/server";
import { attemptsOf, deliveryRow, driveToDead, wonDelivery } from "../helpers/webhooks";

/** The admin panel's view of the outbox: the list with attempt history, and the manual retry. */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let answer = 500;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  rx = await startReceiver(() => answer);
});
afterAll(async () => {
  await rx.close();
  await server.close();
});

const deliveriesPath = (projectId: string, query = "") => `/v1/admin/projects/${projectId}/webhooks/deliveries${query}`;
const retryPath = (projectId: string, deliveryId: string) => `/v1/admin/projects/${projectId}/webhooks/deliveries/${deliveryId}/retry`;

describe("GET …/webhooks/deliveries", () => {
  it("lists newest first with every attempt, filters by status and pages by cursor", async () => {
    const first = await wonDelivery(call, admin, { webhookUrl: rx.url });
    const project = { projectId: first.projectId, key: first.key };
    const second = await wonDelivery(call, admin, { project });
    const third = await wonDelivery(call, admin, { project });
    const [d1, d2, d3] = [first.delivery.id, second.delivery.id, third.delivery.id] as string[];
    answer = 200;
    expect(await attemptDelivery(d1!)).toMatchObject({ outcome: "delivered" });
    answer = 500;
    expect(await attemptDelivery(d2!)).toMatchObject({ outcome: "retry" });
    await driveToDead(d3!);
    const token = await newVerifiedSession(call, admin); // about 32 hours later

    const all = await call("GET", deliveriesPath(project.projectId), { token });
    expect(all.status).toBe(200);
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.deliveries.map((d: any) => [d.delivery_id, d.status, d.attempts])).toEqual([[d3, "dead", 7], [d2, "queued", 1], [d1, "delivered", 1]]);
    const [dead, queued, delivered] = all.body.deliveries;
    expect(dead).toMatchObject({ kind: "reward.eligible", claim_id: third.claim.id, target_url: rx.url, idempotency_key: third.claim.idempotency_key, max_attempts: 7, next_attempt_at: null, last_status: 500, delivered_at: null });
    expect(dead.attempt_history.map((a: any) => [a.attempt, a.http_status, a.secret_version, a.error])).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => [n, 500, 1, null]));
    for (const a of dead.attempt_history) {
      expect(Buffer.byteLength(a.response_excerpt)).toBeLessThanOrEqual(2048);
      expect(a.response_excerpt.startsWith("answer 500 ")).toBe(true);
      expect(a.duration_ms).toBeGreaterThanOrEqual(0);
      expect(Date.parse(a.started_at)).not.toBeNaN();
    }
    expect(queued.next_attempt_at).toBe((await deliveryRow(d2!)).next_attempt_at.toISOString());
    expect(queued.attempt_history).toHaveLength(1);
    expect(delivered).toMatchObject({ last_status: 200, next_attempt_at: null, payload: { event: "reward.eligible", claim_id: first.claim.id, external_user_id: first.player.externalUserId } });
    expect(delivered.delivered_at).not.toBeNull();
    expect(delivered.attempt_history.map((a: any) => a.http_status)).toEqual([200]);

    for (const [status, id] of [["dead", d3], ["queued", d2], ["delivered", d1]] as const) {
      const res = await call("GET", deliveriesPath(project.projectId, `?status=${status}`), { token });
      expect(res.body.deliveries.map((d: any) => d.delivery_id), status).toEqual([id]);
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page++) {
      const res: any = await call("GET", deliveriesPath(project.projectId, `?limit=1${cursor ? `&cursor=${cursor}` : ""}`), { token });
      expect(res.status).toBe(200);
      expect(res.body.deliveries).toHaveLength(1);
      seen.push(res.body.deliveries[0].delivery_id);
      cursor = res.body.next_cursor;
      expect(cursor === null).toBe(page === 2);
    }
    expect(seen).toEqual([d3, d2, d1]);
    const two = await call("GET", deliveriesPath(project.projectId, "?limit=2"), { token });
    const rest = await call("GET", deliveriesPath(project.projectId, `?limit=2&cursor=${two.body.next_cursor}`), { token });
    expect([...two.body.deliveries, ...rest.body.deliveries].map((d: any) => d.delivery_id)).toEqual([d3, d2, d1]);
    expect(rest.body.next_cursor).toBeNull();

    expect((await call("GET", deliveriesPath(project.projectId, "?cursor=bm90LWEtY3Vyc29y"), { token })).body.code).toBe("validation_error");
    expect((await call("GET", deliveriesPath(project.projectId, "?status=retrying"), { token })).status).toBe(422);
  });
});

describe("POST …/webhooks/deliveries/{delivery_id}/retry", () => {
  it("puts a dead delivery back in the queue with its attempt count and backoff reset, and enqueues it", async () => {
    answer = 500;
    // An admin of its own: a second log-in 32 hours on must not land on a TOTP step another test used.
    const owner = await verifiedAdmin(call);
    const { projectId, delivery } = await wonDelivery(call, owner, { webhookUrl: rx.url });
    await driveToDead(delivery.id);
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: "dead", attempts: 7 });
    const token = await newVerifiedSession(call, owner);

    const res = await call("POST", retryPath(projectId, delivery.id), { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ queued: true, delivery_id: delivery.id });
    const row = await deliveryRow(delivery.id);
    expect(row).toMatchObject({ status: "queued", attempts: 0, lease_until: null, last_error: null, target_url: rx.url });
    expect(row.next_attempt_at.getTime()).toBe(row.updated_at.getTime()); // due now, no backoff left
    const audit = await pool().query("SELECT action FROM audit_log WHERE project_id = $1 AND target_id = $2", [projectId, delivery.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(["webhook.delivery_retried"]);

    // Its next attempt is due at once, counts as the delivery's first again, and backs off 1 minute.
    expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "retry", attempt: 1, status: 500 });
    const after = await deliveryRow(delivery.id);
    expect(after.attempts).toBe(1);
    expect(after.next_attempt_at.getTime() - after.updated_at.getTime()).toBe(60_000);
    // The history keeps counting across the retry.
    expect((await attemptsOf(delivery.id)).map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("answers 404 for a real delivery of another account's project and changes nothing", async () => {
    answer = 500;
    const other = await verifiedAdmin(call);
    const theirs = await wonDelivery(call, other, { webhookUrl: rx.url });
    expect(await attemptDelivery(theirs.delivery.id)).toMatchObject({ outcome: "retry" });
    const before = await deliveryRow(theirs.delivery.id);
    const mine = await createProject(call, admin);

    for (const projectId of [mine, theirs.projectId]) {
      const res = await call("POST", retryPath(projectId, theirs.delivery.id), { token: admin.token });
      expect(res.status, projectId).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect((await call("GET", deliveriesPath(theirs.projectId), { token: admin.token })).status).toBe(404);
    expect(await deliveryRow(theirs.delivery.id)).toEqual(before);
    // The same request from its owner is fine: the 404 was about ownership.
    expect((await call("POST", retryPath(theirs.projectId, theirs.delivery.id), { token: other.token })).status).toBe(200);
  });

  it("answers 409 when neither the campaign nor the project has a webhook URL, and changes nothing", async () => {
    const { projectId, delivery } = await wonDelivery(call, admin);
    // Without a target the outbox row is written dead (never due), saying why.
    expect(delivery).toMatchObject({ status: "dead", target_url: null, last_error: "no webhook_url configured", attempts: 0 });

    const res = await call("POST", retryPath(projectId, delivery.id), { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("conflict");
    expect(await deliveryRow(delivery.id)).toEqual(delivery);

    // Once the project has a URL the same retry sends it there.
    answer = 200;
    expect((await call("PATCH", `/v1/admin/projects/${projectId}/webhook-settings`, { token: admin.token, body: { webhook_url: rx.url } })).status).toBe(200);
    expect((await call("POST", retryPath(projectId, delivery.id), { token: admin.token })).status).toBe(200);
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: "queued", target_url: rx.url });
    expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "delivered" });
  });

  it("answers 409 when the URL a delivery was sent to has been removed since, and follows the campaign's URL when one is set", async () => {
    answer = 500;
    const { projectId, delivery, claim } = await wonDelivery(call, admin, { webhookUrl: rx.url });
    expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "retry" });
    expect((await call("PATCH", `/v1/admin/projects/${projectId}/webhook-settings`, { token: admin.token, body: { webhook_url: null } })).body.webhook_url).toBeNull();
    const before = await deliveryRow(delivery.id);

    const res = await call("POST", retryPath(projectId, delivery.id), { token: admin.token });
    expect(res.status).toBe(409);
    expect(await deliveryRow(delivery.id)).toEqual(before);

    const campaignRx = await startReceiver(() => 200);
    try {
      // reward_type is repeated only because a campaign PATCH without it answers 500 today (reported, outside this area).
      const patch = await call("PATCH", `/v1/admin/projects/${projectId}/campaigns/${claim.campaign_id}`, { token: admin.token, body: { webhook_url: campaignRx.url, reward_type: "promo_code" } });
      expect(patch.status).toBe(200);
      expect((await call("POST", retryPath(projectId, delivery.id), { token: admin.token })).status).toBe(200);
      expect(await deliveryRow(delivery.id)).toMatchObject({ status: "queued", attempts: 0, target_url: campaignRx.url });
      expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "delivered" });
      expect(campaignRx.received).toHaveLength(1);
    } finally {
      await campaignRx.close();
    }
  });
});
