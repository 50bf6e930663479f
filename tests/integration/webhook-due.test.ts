import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overrideConfig } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { PgBoss } from "pg-boss";
import { prepareDatabase } from "@/server/db/prepare";
import { deliverDue, leaseMs } from "@/server/domain/platform/webhooks/deliver";
import { advanceClock, now } from "@/server/lib/clock";
import { closeServices, setupServices } from "@/server/services/setup";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { startReceiver } from "../helpers/rewards";
import { scratchDatabase } from "../helpers/scratch-db";
import { startTestServer, type TTestServer } from "../helpers/server";
import { deliveryRow, wonDelivery } from "../helpers/webhooks";

/**
 * The outbox row is the delivery's job: what a worker takes is whatever is due. These tests lease
 * from the whole table, so they run on a database of their own (on the shared one they would take
 * the deliveries of every other test file).
 */
let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
let server: TTestServer;
let call: TCall;
let admin: TAdmin;

beforeAll(async () => {
  scratch = await scratchDatabase("playloop_due");
  await prepareDatabase(scratch.url);
  await closeServices();
  overrideConfig({ databaseUrl: scratch.url });
  await setupServices({ role: "test" });
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await closeServices();
  await scratch?.drop();
}, 30_000);

/** `n` more queued copies of a real delivery (`template`), due now, each with a key of its own (`copy:<id>`). */
async function copies(template: string, n: number, at: Date = now()): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await pool().query(
    `INSERT INTO webhook_delivery (id, project_id, kind, target_url, payload, idempotency_key, status, next_attempt_at, created_at, updated_at)
     SELECT n.id, d.project_id, d.kind, d.target_url, d.payload, 'copy:' || n.id, 'queued', $3, $3, $3
       FROM unnest($1::uuid[]) AS n(id), webhook_delivery d WHERE d.id = $2`,
    [ids, template, at],
  );
  return ids;
}

/** Drains until nothing is due, `side` drains at a time; answers how many each round leased. */
async function drainAll(side: number, limit?: number): Promise<number[]> {
  const rounds: number[] = [];
  for (;;) {
    const taken = await Promise.all(Array.from({ length: side }, () => deliverDue(limit)));
    const n = taken.reduce((a, b) => a + b, 0);
    rounds.push(n);
    if (n === 0) return rounds;
  }
}

describe("deliverDue: the workers take what is due", () => {
  it("takes a due delivery, and nothing that is not due: a retry later, a running lease, dead, delivered, no target", async () => {
    const rx = await startReceiver(() => 200);
    try {
      const { delivery } = await wonDelivery(call, admin, { webhookUrl: rx.url });
      const [later, leased, dead, delivered, noTarget] = await copies(delivery.id, 5);
      const at = now();
      await pool().query("UPDATE webhook_delivery SET next_attempt_at = $2 WHERE id = $1", [later, new Date(at.getTime() + 60_000)]);
      await pool().query("UPDATE webhook_delivery SET lease_until = $2 WHERE id = $1", [leased, new Date(at.getTime() + leaseMs())]);
      await pool().query("UPDATE webhook_delivery SET status = 'dead' WHERE id = $1", [dead]);
      await pool().query("UPDATE webhook_delivery SET status = 'delivered', delivered_at = $2 WHERE id = $1", [delivered, at]);
      await pool().query("UPDATE webhook_delivery SET target_url = NULL WHERE id = $1", [noTarget]);

      expect(await drainAll(1)).toEqual([1, 0]);
      expect(rx.received.map((r) => r.headers["x-legacy-idempotency-key"])).toEqual([delivery.idempotency_key]);
      expect(await deliveryRow(delivery.id)).toMatchObject({ status: "delivered", attempts: 1, lease_until: null });
      for (const id of [later, leased, noTarget]) expect(await deliveryRow(id!), id).toMatchObject({ status: "queued", attempts: 0 });

      // Their time comes: the retry at its next_attempt_at, the lease once it has run out.
      advanceClock(leaseMs() + 60_000);
      expect(await drainAll(1)).toEqual([2, 0]);
      for (const id of [later, leased]) expect(await deliveryRow(id!), id).toMatchObject({ status: "delivered", attempts: 1 });
      expect(rx.received).toHaveLength(3);
      expect(await deliveryRow(noTarget!)).toMatchObject({ status: "queued", attempts: 0 });
    } finally {
      await rx.close();
    }
  });

  it("a failed attempt is due again at its retry time, with no job of its own", async () => {
    const rx = await startReceiver((n) => (n === 1 ? 500 : 200));
    try {
      const { delivery } = await wonDelivery(call, admin, { webhookUrl: rx.url });
      expect(await drainAll(1)).toEqual([1, 0]);
      const failed = await deliveryRow(delivery.id);
      expect(failed).toMatchObject({ status: "queued", attempts: 1, last_status: 500 });
      // a minute after the attempt; the clock moves from the stored time, so a slow machine's
      // seconds between the attempt and here never make "a second early" late
      advanceClock(failed.next_attempt_at.getTime() - now().getTime() - 1_000);
      expect(await drainAll(1)).toEqual([0]); // a second early
      advanceClock(1_000);
      expect(await drainAll(1)).toEqual([1, 0]);
      expect(await deliveryRow(delivery.id)).toMatchObject({ status: "delivered", attempts: 2, last_status: 200 });
      expect(rx.received.map((r) => r.headers["x-legacy-idempotency-key"])).toEqual([delivery.idempotency_key, delivery.idempotency_key]);
    } finally {
      await rx.close();
    }
  });

  it("takes the oldest due first, at most `limit` at a time", async () => {
    const rx = await startReceiver(() => 200);
    try {
      const { delivery } = await wonDelivery(call, admin, { webhookUrl: rx.url });
      await drainAll(1);
      const at = now();
      const ids = await copies(delivery.id, 5);
      // due 5, 4, 3, 2, 1 seconds ago
      for (const [i, id] of ids.entries()) await pool().query("UPDATE webhook_delivery SET next_attempt_at = $2 WHERE id = $1", [id, new Date(at.getTime() - (5 - i) * 1000)]);
      expect(await deliverDue(2)).toBe(2);
      const taken = new Set(rx.received.slice(1).map((r) => r.headers["x-legacy-idempotency-key"]));
      expect(taken).toEqual(new Set([`copy:${ids[0]}`, `copy:${ids[1]}`]));
      expect(await drainAll(1, 2)).toEqual([2, 1, 0]);
    } finally {
      await rx.close();
    }
  });

  it("drains side by side never attempt a delivery twice: 240 due, six drains at once, each delivered exactly once", async () => {
    const rx = await startReceiver(() => 200);
    try {
      const { delivery } = await wonDelivery(call, admin, { webhookUrl: rx.url });
      const ids = [delivery.id as string, ...(await copies(delivery.id, 239))];
      const rounds = await drainAll(6);
      expect(rounds.reduce((a, b) => a + b, 0)).toBe(240);
      const keys = rx.received.map((r) => String(r.headers["x-legacy-idempotency-key"]));
      expect(keys).toHaveLength(240);
      expect(new Set(keys).size).toBe(240);
      const { rows } = await pool().query("SELECT status, attempts, count(*)::int AS n FROM webhook_delivery WHERE id = ANY($1) GROUP BY 1, 2", [ids]);
      expect(rows).toEqual([{ status: "delivered", attempts: 1, n: 240 }]);
      const attempts = await pool().query("SELECT count(*)::int AS n FROM webhook_attempt WHERE delivery_id = ANY($1)", [ids]);
      expect(attempts.rows[0].n).toBe(240);
    } finally {
      await rx.close();
    }
  });
});

describe("the retired delivery queue", () => {
  it("is deleted with its jobs when the database is prepared: deliveries no longer need them", async () => {
    // As a database migrated before the outbox rows became the work holds it.
    const boss = new PgBoss({ connectionString: scratch!.url, schema: "pgboss", max: 1, supervise: false, schedule: false });
    boss.on("error", () => {});
    await boss.start();
    await boss.createQueue("webhooks.deliver");
    await boss.send("webhooks.deliver", { delivery_id: randomUUID() });
    await boss.stop({ graceful: false });
    const count = async () => (await pool().query("SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhooks.deliver'")).rows[0].n;
    expect(await count()).toBe(1);

    await prepareDatabase(scratch!.url);
    expect(await count()).toBe(0);
    expect((await pool().query("SELECT name FROM pgboss.queue WHERE name = 'webhooks.deliver'")).rows).toEqual([]);
  });
});
