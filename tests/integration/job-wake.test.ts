import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { config, overrideConfig } from "@/server/config/env";
import { afterCommit, countingTx, withTransaction } from "@/server/db/tx";
import { wakeDeliveryWorkers } from "@/server/domain/platform/webhooks/deliver";
import { webhookDeliveryLane } from "@/server/jobs/definitions";

const DELIVERY_WAKE = webhookDeliveryLane.name;
import { listenForWakes, wakesInFlight, wakeWorkers } from "@/server/jobs/wake";

/**
 * A transaction that wrote a due delivery wakes the workers once it has committed — by a NOTIFY
 * of our own sent after the COMMIT, never by a NOTIFY inside the transaction (pg-boss's among
 * them), which makes PostgreSQL run every such commit one at a time (wake.ts).
 */
const wakes: string[] = [];
let stop: () => Promise<void>;
const listening = new Promise<void>((resolve) => {
  stop = listenForWakes(process.env.DATABASE_URL!, { onWake: (q) => wakes.push(q), onListening: resolve });
});
const settle = () => new Promise((r) => setTimeout(r, 150));
/** Waits until `check` holds (a loaded machine may take a while), failing after 10 s. */
async function eventually(check: () => boolean) {
  for (const deadline = Date.now() + 10_000; !check(); ) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}
// Other test files share the database and send wake-ups of their own: what this process sends is
// watched at its pool (the listener's side is checked with toContain only).
const sent: string[] = [];
let unwrap: () => void;

beforeAll(async () => {
  await listening;
  const p = pool();
  const query = p.query;
  p.query = ((...args: unknown[]) => {
    // a statement's text and values, given as two arguments or as a (prepared) query config
    const [text, values] = typeof args[0] === "string" ? [args[0], args[1]] : [(args[0] as { text?: string })?.text, (args[0] as { values?: unknown[] })?.values];
    if (text?.includes("pg_notify")) sent.push(String((values as unknown[])[1]));
    return (query as (...a: unknown[]) => unknown).apply(p, args);
  }) as typeof p.query;
  unwrap = () => (p.query = query);
});
afterAll(async () => {
  unwrap();
  await stop();
});

describe("waking the workers", () => {
  // Each test starts with no wake-up of this process on its way: the first test's own NOTIFY may
  // still be out when it ends (its listener can hear another file's wake-up of the same queue
  // first), and a wake-up in flight folds the next test's into "one more" (the second test then
  // saw none sent, and the third the folded one).
  beforeEach(() => eventually(() => wakesInFlight() === 0));

  it("wakes them only once the delivery's transaction has committed", async () => {
    sent.length = 0;
    wakes.length = 0;
    await withTransaction(async (tx) => {
      wakeDeliveryWorkers(tx);
      await settle();
      expect(sent).toEqual([]); // not while the delivery is invisible to them
    });
    expect(sent).toEqual([DELIVERY_WAKE]);
    await eventually(() => wakes.includes(DELIVERY_WAKE)); // and the worker's listener hears it
  });

  it("folds the wake-ups asked for while one is on its way into one more", async () => {
    sent.length = 0;
    for (let i = 0; i < 20; i++) wakeWorkers(DELIVERY_WAKE);
    expect(sent).toEqual([DELIVERY_WAKE]);
    await eventually(() => sent.length === 2); // the one more, once the first has answered
    await settle();
    expect(sent).toEqual([DELIVERY_WAKE, DELIVERY_WAKE]);
  });

  it("never for a transaction that rolls back", async () => {
    sent.length = 0;
    await expect(
      withTransaction(async (tx) => {
        wakeDeliveryWorkers(tx);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await settle();
    expect(sent).toEqual([]);
  });

  it("sends no NOTIFY inside the transaction: pg-boss's own wake-up is off for every queue", async () => {
    const { rows } = await pool().query<{ name: string }>("SELECT name FROM pgboss.queue WHERE notify");
    expect(rows).toEqual([]);
  });

  // With and without the async-context guard (TX_GUARD: on in tests, off in production): the
  // hooks belong to the transaction's handle, not to the async context.
  it.each([true, false])("runs after-commit hooks in order after COMMIT, and none after a rollback (guard %s)", async (guard) => {
    const was = config().txGuard;
    overrideConfig({ txGuard: guard });
    try {
      const seen: string[] = [];
      await withTransaction(async (tx) => {
        afterCommit(tx, () => seen.push("a"));
        await tx.query("SELECT 1");
        afterCommit(countingTx(tx), () => seen.push("b")); // a wrapper of the handle is the same transaction
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual(["a", "b"]);
      await withTransaction(async (tx) => {
        afterCommit(tx, () => seen.push("c"));
        throw new Error("no");
      }).catch(() => {});
      expect(seen).toEqual(["a", "b"]);
      afterCommit(pool(), () => seen.push("d")); // not a transaction: now
      expect(seen).toEqual(["a", "b", "d"]);
    } finally {
      overrideConfig({ txGuard: was });
    }
  });
});
