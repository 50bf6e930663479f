import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { config, overrideConfig } from "@/server/config/env";
import { attemptDelivery } from "@/server/domain/platform/webhooks/deliver";
import { webhookSecret } from "@/server/domain/platform/webhooks/signature";
import { advanceClock } from "@/server/lib/clock";
import { client, createProject, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { startReceiver, type TAnswer } from "../helpers/rewards";
import { startTestServer, type TTestServer } from "../helpers/server";
import { attemptsOf, deliveryRow, tOf, v1, v1sOf, wonDelivery } from "../helpers/webhooks";

/**
 * The console's "send a test webhook", and the outbound policy every delivery goes through: the
 * endpoint's status comes back (never its body), redirects are not followed, and with private
 * targets forbidden (production's setting) loopback, private and metadata addresses in any
 * spelling are refused before a connection is made.
 */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
const { webhookAllowPrivateTargets: allowPrivate, webhookTimeoutMs } = config();
const MARKER = "RECEIVER-BODY-MUST-NOT-BE-REFLECTED";

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
});
afterAll(() => server.close());
afterEach(() => overrideConfig({ webhookAllowPrivateTargets: allowPrivate, webhookTimeoutMs }));

const testWebhook = (projectId: string, webhookUrl: string) => call("POST", `/v1/admin/projects/${projectId}/webhooks/test`, { token: admin.token, body: { webhook_url: webhookUrl } });

describe("POST …/webhooks/test", () => {
  it("answers the endpoint's status and never its body, and does not follow a redirect", async () => {
    let answer: TAnswer = { status: 200 };
    const rx = await startReceiver(() => answer);
    try {
      const projectId = await createProject(call, admin);
      const followed = `${new URL(rx.url).origin}/followed`;
      const cases: Array<[TAnswer, number]> = [
        [{ status: 200, body: MARKER }, 200],
        [{ status: 500, body: MARKER }, 500],
        [{ status: 302, headers: { location: followed }, body: MARKER }, 302],
        [{ status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } }, 302],
      ];
      for (const [i, [given, expected]] of cases.entries()) {
        answer = given;
        const res = await testWebhook(projectId, rx.url);
        expect(res.status, `case ${i}`).toBe(200);
        expect(Object.keys(res.body).sort()).toEqual(["duration_ms", "ok", "status"]);
        expect(res.body).toMatchObject({ status: expected, ok: expected === 200 });
        expect(res.text).not.toContain(MARKER);
        expect(rx.received).toHaveLength(i + 1);
      }
      expect(rx.received.map((r) => r.path)).toEqual(["/hooks", "/hooks", "/hooks", "/hooks"]); // no redirect followed

      // It is a real, signed webhook.test event.
      const got = rx.received[0]!;
      const sig = got.headers["x-service-signature"] as string;
      expect(got.headers["x-service-event"]).toBe("webhook.test");
      expect(JSON.parse(got.body)).toMatchObject({ event: "webhook.test", project_id: projectId, payload_version: 2 });
      expect(got.headers["x-legacy-idempotency-key"]).toMatch(/^test:/);
      expect(v1sOf(sig)).toEqual([v1(webhookSecret(projectId, 1), tOf(sig), got.body)]);
    } finally {
      await rx.close();
    }
  });

  it("with private targets forbidden, refuses loopback, private and metadata addresses in every spelling, without contacting them", async () => {
    const rx = await startReceiver(() => 200);
    try {
      const projectId = await createProject(call, admin);
      const { port } = new URL(rx.url);
      overrideConfig({ webhookAllowPrivateTargets: false });
      const blocked = [
        `http://127.0.0.1:${port}/hooks`,
        `http://localhost:${port}/hooks`,
        "http://169.254.169.254/",
        "http://[::1]/",
        `http://[::ffff:127.0.0.1]:${port}/hooks`,
        `http://127.1:${port}/hooks`,
        `http://2130706433:${port}/hooks`,
        `http://0x7f.0.0.1:${port}/hooks`,
        `http://0.0.0.0:${port}/hooks`,
        "http://10.0.0.1/",
      ];
      for (const url of blocked) {
        const res = await testWebhook(projectId, url);
        expect(res.status, url).toBe(422);
        expect(res.body.code, url).toBe("webhook_target_unreachable");
        expect(res.body.reason, url).toBe("blocked_address");
        expect(res.text, url).not.toMatch(/127\.0\.0\.1|169\.254|10\.0\.0\.1/); // the message never names the address
      }
      expect(rx.received).toHaveLength(0);
      // The policy, not the receiver, said no: allowed again, the same target answers.
      overrideConfig({ webhookAllowPrivateTargets: true });
      expect((await testWebhook(projectId, `http://127.0.0.1:${port}/hooks`)).body).toMatchObject({ status: 200, ok: true });
      expect(rx.received).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });
});

describe("a reward delivery to a blocked target", () => {
  it("records an attempt with error blocked_address and is retried, not delivered", async () => {
    const rx = await startReceiver(() => 200);
    try {
      const { delivery } = await wonDelivery(call, admin, { webhookUrl: rx.url });
      overrideConfig({ webhookAllowPrivateTargets: false });
      const result = await attemptDelivery(delivery.id);
      expect(result).toMatchObject({ outcome: "retry", attempt: 1, status: null });
      expect((result as { error: string }).error).toMatch(/^blocked_address\b/);
      const [attempt] = await attemptsOf(delivery.id);
      expect(attempt).toMatchObject({ attempt: 1, http_status: null, response_excerpt: null });
      expect(attempt.error).toMatch(/^blocked_address\b/);
      const row = await deliveryRow(delivery.id);
      expect(row).toMatchObject({ status: "queued", attempts: 1, last_status: null, delivered_at: null });
      expect(row.last_error).toMatch(/^blocked_address\b/);
      expect(row.next_attempt_at.getTime() - row.updated_at.getTime()).toBe(60_000);

      advanceClock(60_000);
      expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "retry", attempt: 2, status: null });
      expect(rx.received).toHaveLength(0);

      // Checked at every attempt: once the target may be reached, the next retry delivers.
      overrideConfig({ webhookAllowPrivateTargets: true });
      advanceClock(300_000);
      expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "delivered", attempt: 3, status: 200 });
      expect(rx.received).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });
});

describe("a receiver that never answers", () => {
  it("costs one fixed timeout: the test webhook is 422 timeout, a delivery attempt is recorded as a timeout and retried", async () => {
    const rx = await startReceiver(() => "hang");
    try {
      overrideConfig({ webhookTimeoutMs: 1000 });
      const { projectId, delivery } = await wonDelivery(call, admin, { webhookUrl: rx.url });
      const res = await testWebhook(projectId, rx.url);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: "webhook_target_unreachable", reason: "timeout" });

      expect(await attemptDelivery(delivery.id)).toMatchObject({ outcome: "retry", status: null });
      const [attempt] = await attemptsOf(delivery.id);
      expect(attempt.error).toMatch(/^timeout\b/);
      expect(attempt.duration_ms).toBeGreaterThanOrEqual(990);
      expect(attempt.duration_ms).toBeLessThan(2500);
      expect(await deliveryRow(delivery.id)).toMatchObject({ status: "queued", attempts: 1, lease_until: null });
      expect(rx.received).toHaveLength(2);
    } finally {
      await rx.close();
    }
  });
});
