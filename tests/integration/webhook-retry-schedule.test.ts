import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { attemptDelivery, leaseMs, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "@/server/domain/platform/webhooks/deliver";
import { advanceClock } from "@/server/lib/clock";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { startReceiver, type TAnswer } from "../helpers/rewards";
import { startTestServer, type TTestServer } from "../helpers/server";
import { attemptsOf, deliveryRow, wonDelivery } from "../helpers/webhooks";

/**
 * The outbox's attempt mechanics, driven by the one clock: one immediate attempt, retries after
 * 1 min, 5 min, 30 min, 2 h, 6 h and 24 h on a non-2xx answer (a redirect too, never followed),
 * dead after the 7th failure; each retry is a pg-boss job starting exactly when the row is due;
 * and however many attempts race, one request goes out.
 */
const SPEC_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 86_400_000];

let server: TTestServer;
let call: TCall;
let admin: TAdmin;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
});
afterAll(() => server.close());

describe("the retry schedule", () => {
  it("retries a failing receiver at exactly 1m/5m/30m/2h/6h/24h, never follows a redirect, and makes the 7th failure dead", async () => {
    expect(RETRY_DELAYS_SECONDS.map((s) => s * 1000)).toEqual(SPEC_DELAYS_MS);
    // Multi-byte text, so the excerpt limit is in bytes and a character cut at it must be left out.
    const failure = `answer 500 ${"é".repeat(3000)}`;
    // Attempt 2 is redirected to the cloud metadata address, attempt 4 back to the receiver itself.
    let selfRedirect = "";
    const answer = (n: number): TAnswer =>
      n === 2 ? { status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } } : n === 4 ? { status: 302, headers: { location: selfRedirect } } : { status: 500, body: failure };
    const rx = await startReceiver(answer);
    selfRedirect = `${new URL(rx.url).origin}/followed`;
    try {
      const { delivery, claim } = await wonDelivery(call, admin, { webhookUrl: rx.url });
      expect(delivery).toMatchObject({ status: "queued", attempts: 0, target_url: rx.url });
      const id = delivery.id as string;
      const nextAt: Date[] = [];

      for (let n = 1; n <= 7; n++) {
        if (n > 1) {
          const delay = SPEC_DELAYS_MS[n - 2]!;
          expect(await attemptDelivery(id)).toEqual({ outcome: "skipped" }); // right after the failure
          advanceClock(delay - 10_000);
          expect(await attemptDelivery(id)).toEqual({ outcome: "skipped" }); // ten seconds before it is due
          expect(rx.received).toHaveLength(n - 1);
          advanceClock(10_000); // exactly the spec's delay in all
        }
        const result = await attemptDelivery(id);
        expect(result).toMatchObject({ outcome: n < 7 ? "retry" : "dead", attempt: n, status: n === 2 || n === 4 ? 302 : 500 });
        expect(rx.received).toHaveLength(n);
        const row = await deliveryRow(id);
        expect(row).toMatchObject({ attempts: n, lease_until: null, delivered_at: null, last_status: n === 2 || n === 4 ? 302 : 500 });
        if (n < 7) {
          expect(row.status).toBe("queued");
          // Scheduled from the moment the attempt's result was recorded, by exactly the spec's delay.
          expect(row.next_attempt_at.getTime() - row.updated_at.getTime()).toBe(SPEC_DELAYS_MS[n - 1]);
          nextAt.push(row.next_attempt_at);
        } else {
          expect(row.status).toBe("dead");
        }
      }

      // Dead is final: a week later nothing is attempted.
      advanceClock(7 * 86_400_000);
      expect(await attemptDelivery(id)).toEqual({ outcome: "skipped" });
      expect(rx.received).toHaveLength(7);

      // Every request was the same delivery, to the configured path: no redirect was followed.
      expect(rx.received.map((r) => r.path)).toEqual(Array(7).fill("/hooks"));
      expect(new Set(rx.received.map((r) => r.headers["x-legacy-idempotency-key"]))).toEqual(new Set([claim.idempotency_key]));
      expect(new Set(rx.received.map((r) => r.headers["x-service-delivery-id"]))).toEqual(new Set([id]));

      const history = await attemptsOf(id);
      expect(history.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(history.map((a) => a.http_status)).toEqual([500, 302, 500, 302, 500, 500, 500]);
      expect(history.map((a) => a.error)).toEqual([null, "redirect not followed", null, "redirect not followed", null, null, null]);
      expect(history.map((a) => a.secret_version)).toEqual(Array(7).fill(1));
      for (const [i, a] of history.entries()) {
        // Measured, and short: a followed redirect to the metadata address would have waited for the timeout.
        expect(a.duration_ms).toBeGreaterThanOrEqual(0);
        expect(a.duration_ms).toBeLessThan(2000);
        if (i > 0) expect(a.started_at.getTime()).toBeGreaterThanOrEqual(nextAt[i - 1]!.getTime());
        if (a.http_status === 302) {
          expect(a.response_excerpt).toBe("");
        } else {
          expect(Buffer.byteLength(a.response_excerpt)).toBeLessThanOrEqual(2048);
          expect(Buffer.byteLength(a.response_excerpt)).toBeGreaterThan(2040);
          expect(failure.startsWith(a.response_excerpt)).toBe(true); // a clean prefix, no U+FFFD
        }
      }
    } finally {
      await rx.close();
    }
  });

  it("delivers on the third attempt and stops there", async () => {
    const rx = await startReceiver((n) => (n < 3 ? 500 : 200));
    try {
      const { delivery } = await wonDelivery(call, admin, { webhookUrl: rx.url });
      const id = delivery.id as string;
      expect(await attemptDelivery(id)).toMatchObject({ outcome: "retry", attempt: 1, status: 500 });
      advanceClock(60_000);
      expect(await attemptDelivery(id)).toMatchObject({ outcome: "retry", attempt: 2, status: 500 });
      advanceClock(300_000);
      expect(await attemptDelivery(id)).toMatchObject({ outcome: "delivered", attempt: 3, status: 200 });

      const row = await deliveryRow(id);
      expect(row).toMatchObject({ status: "delivered", attempts: 3, last_status: 200, last_error: null, lease_until: null });
      expect(row.delivered_at.getTime()).toBe(row.updated_at.getTime());
      // Nothing more: not when the next retry would have been due, not days later.
      for (const ms of [1_800_000, 2 * 86_400_000]) {
        advanceClock(ms);
        expect(await attemptDelivery(id)).toEqual({ outcome: "skipped" });
      }
      expect(rx.received).toHaveLength(3);
      expect((await attemptsOf(id)).map((a) => [a.attempt, a.http_status])).toEqual([[1, 500], [2, 500], [3, 200]]);
    } finally {
      await rx.close();
    }
  });
});

describe("racing attempts", () => {
  it("20 parallel attempts on one due delivery send one request and record one attempt", async () => {
    const rx = await startReceiver(() => 200);
    try {
      const { delivery } = await wonDelivery(call, admin, { webhookUrl: rx.url });
      const results = await Promise.all(Array.from({ length: 20 }, () => attemptDelivery(delivery.id)));
      expect(results.filter((r) => r.outcome === "delivered")).toHaveLength(1);
      expect(results.filter((r) => r.outcome === "skipped")).toHaveLength(19);
      expect(rx.received).toHaveLength(1);
      expect(await attemptsOf(delivery.id)).toHaveLength(1);
      expect(await deliveryRow(delivery.id)).toMatchObject({ status: "delivered", attempts: 1 });
    } finally {
      await rx.close();
    }
  });

  /** A receiver whose first answer waits until `release` is called with it; later ones answer `then` at once. */
  async function slowFirst(then: number) {
    let release!: (status: number) => void;
    const first = new Promise<number>((r) => (release = r));
    const rx = await startReceiver((n) => (n === 1 ? first : then));
    return { rx, release };
  }

  it("an answer that comes back after an admin's retry stays in the history and does not undo the retry", async () => {
    const { rx, release } = await slowFirst(503);
    try {
      const { projectId, delivery } = await wonDelivery(call, admin, { webhookUrl: rx.url });
      const id = delivery.id as string;
      // Its last attempt: a failure now would make it dead.
      await pool().query("UPDATE webhook_delivery SET attempts = $2 WHERE id = $1", [id, MAX_ATTEMPTS - 1]);
      const late = attemptDelivery(id);
      await rx.waitFor(1);
      const retried = await call("POST", `/v1/admin/projects/${projectId}/webhooks/deliveries/${id}/retry`, { token: admin.token });
      expect(retried.status).toBe(200);
      expect(await attemptDelivery(id)).toMatchObject({ outcome: "retry", attempt: 1, status: 503 });
      release(500);
      expect(await late).toMatchObject({ outcome: "superseded", attempt: MAX_ATTEMPTS, status: 500 });
      const row = await deliveryRow(id);
      expect(row).toMatchObject({ status: "queued", attempts: 1, last_status: 503, lease_until: null });
      expect(row.next_attempt_at.getTime() - row.updated_at.getTime()).toBe(60_000);
      expect((await attemptsOf(id)).map((a) => a.http_status)).toEqual([500, 503]);
    } finally {
      await rx.close();
    }
  });

  it("an answer that comes back after its lease ran out does not overwrite the attempt that took the delivery over", async () => {
    const { rx, release } = await slowFirst(200);
    try {
      const { delivery } = await wonDelivery(call, admin, { webhookUrl: rx.url });
      const id = delivery.id as string;
      const late = attemptDelivery(id);
      await rx.waitFor(1);
      advanceClock(leaseMs() + 1000);
      expect(await attemptDelivery(id)).toMatchObject({ outcome: "delivered", attempt: 2, status: 200 });
      release(500);
      expect(await late).toMatchObject({ outcome: "superseded", attempt: 1, status: 500 });
      expect(await deliveryRow(id)).toMatchObject({ status: "delivered", attempts: 2, last_status: 200, lease_until: null });
      expect((await attemptsOf(id)).map((a) => a.http_status)).toEqual([500, 200]);
      // Delivered stays delivered: nothing is due again.
      advanceClock(2 * 86_400_000);
      expect(await attemptDelivery(id)).toEqual({ outcome: "skipped" });
      expect(rx.received).toHaveLength(2);
    } finally {
      await rx.close();
    }
  });

  it("an answer with a NUL byte is recorded (as U+FFFD): it no longer fails the batch's result and sends it again", async () => {
    const rx = await startReceiver(() => ({ status: 200, body: "ok\u0000done" }));
    try {
      const { delivery } = await wonDelivery(call, admin, { webhookUrl: rx.url });
      const id = delivery.id as string;
      expect(await attemptDelivery(id)).toMatchObject({ outcome: "delivered", status: 200 });
      expect(await deliveryRow(id)).toMatchObject({ status: "delivered", attempts: 1, lease_until: null });
      const [attempt] = await attemptsOf(id);
      expect(attempt).toMatchObject({ http_status: 200 });
      const { rows } = await pool().query("SELECT response_excerpt FROM webhook_attempt WHERE delivery_id = $1", [id]);
      expect(rows[0].response_excerpt).toBe("ok\uFFFDdone");
      // nothing is due again: the receiver heard it once
      advanceClock(leaseMs() + 1000);
      expect(await attemptDelivery(id)).toEqual({ outcome: "skipped" });
      expect(rx.received).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });
});
