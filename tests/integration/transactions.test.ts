import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { db, pool } from "@/server/db/client";
import { ConnectionInTransactionError, countingTx, inTransaction, TransactionRolledBackError, withTransaction } from "@/server/db/tx";
import { writeAudit } from "@/server/domain/identity/audit/write-audit";
import { recordEvents } from "@/server/domain/gameplay/events/record-event";
import { raiseFraudFlag } from "@/server/domain/trust/fraud/raise-flag";
import { forgetTracks, publishedTrack } from "@/server/domain/gameplay/play/levels";
import { heartbeatJob } from "@/server/jobs/definitions";
import { enqueue } from "@/server/jobs/queue";
import { now } from "@/server/lib/clock";

/**
 * The one transaction handle: audit, events, fraud flags and job enqueues commit or roll back
 * together, and nothing opens a second connection while a transaction is active.
 */
async function someProject(): Promise<string> {
  const account = (await pool().query<{ id: string }>("INSERT INTO admin_account (email, password_hash) VALUES ($1, 'x') RETURNING id", [`tx-${randomUUID()}@example.test`])).rows[0]!.id;
  return (await pool().query<{ id: string }>("INSERT INTO project (owner_account_id, name, experiment_key) VALUES ($1, 'tx', $2) RETURNING id", [account, randomUUID()])).rows[0]!.id;
}

async function writeEverything(projectId: string, marker: string, fail: boolean) {
  await withTransaction(async (tx) => {
    await writeAudit({ tx, projectId, action: "test.tx", metadata: { marker } });
    await recordEvents(tx, [{ projectId, externalUserId: marker, type: "test.tx", source: "system", at: now() }]);
    await raiseFraudFlag({ tx, projectId, externalUserId: marker, kind: "test_tx" });
    await enqueue(tx, heartbeatJob, { marker }, { startAfter: new Date(Date.now() + 3600_000) });
    if (fail) throw new Error("fail after every write");
  });
}

async function traces(projectId: string, marker: string) {
  const one = async (sql: string, values: unknown[]) => (await pool().query<{ n: number }>(sql, values)).rows[0]!.n;
  return {
    audit: await one("SELECT count(*)::int AS n FROM audit_log WHERE project_id = $1 AND metadata->>'marker' = $2", [projectId, marker]),
    events: await one("SELECT count(*)::int AS n FROM player_event WHERE project_id = $1 AND external_user_id = $2", [projectId, marker]),
    flags: await one("SELECT count(*)::int AS n FROM fraud_flag WHERE project_id = $1 AND external_user_id = $2", [projectId, marker]),
    jobs: await one("SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'marker' = $2", [heartbeatJob.name, marker]),
  };
}

describe("one transaction handle", () => {
  it("commits audit, events, fraud flag and job enqueue together", async () => {
    const projectId = await someProject();
    const marker = `ok-${randomUUID()}`;
    await writeEverything(projectId, marker, false);
    expect(await traces(projectId, marker)).toEqual({ audit: 1, events: 1, flags: 1, jobs: 1 });
  });

  it("rolls all of them back together, the job included", async () => {
    const projectId = await someProject();
    const marker = `rollback-${randomUUID()}`;
    await expect(writeEverything(projectId, marker, true)).rejects.toThrow("fail after every write");
    expect(await traces(projectId, marker)).toEqual({ audit: 0, events: 0, flags: 0, jobs: 0 });
  });

  it("sends BEGIN together with the first statement, which still runs inside the transaction at the asked isolation", async () => {
    await withTransaction(
      async (tx) => {
        expect((tx as unknown as pg.PoolClient).pipeline).toBe(true); // the pool's clients pipeline
        // only a statement that runs after BEGIN ISOLATION LEVEL … sees that level
        const r = await tx.query<{ iso: string }>("SELECT current_setting('transaction_isolation') AS iso");
        expect(r.rows[0]!.iso).toBe("repeatable read");
      },
      { isolation: "REPEATABLE READ" },
    );
  });

  it("fails the statements sent behind a failed one, and commits none of them", async () => {
    const projectId = await someProject();
    const marker = `pipelined-${randomUUID()}`;
    const audit = (tx: Parameters<Parameters<typeof withTransaction>[0]>[0]) =>
      tx.query("INSERT INTO audit_log (project_id, action, metadata) VALUES ($1, 'test.tx', $2)", [projectId, { marker }]);
    let outcomes: PromiseSettledResult<unknown>[] = [];
    const done = withTransaction(async (tx) => {
      outcomes = await Promise.allSettled([audit(tx), tx.query("SELECT 1 / 0"), audit(tx)]);
      return "went on past the failure";
    });
    // the code went on past the failure, but the server answered its COMMIT with a rollback: the transaction says so
    await expect(done).rejects.toThrow(TransactionRolledBackError);
    const [first, failed, behind] = outcomes;
    expect(first!.status).toBe("fulfilled");
    expect((failed as PromiseRejectedResult).reason.code).toBe("22012");
    expect((behind as PromiseRejectedResult).reason.code).toBe("25P02"); // in a failed transaction
    // and nothing was written, the statement before the failure included
    expect((await traces(projectId, marker)).audit).toBe(0);
  });

  it("sends the statements of one turn in one socket write, each still with its own result", async () => {
    await withTransaction(async (tx) => {
      const stream = (tx as unknown as { connection: { stream: { _writev?: unknown; _write: unknown } } }).connection.stream;
      let writes = 0;
      const count = <F extends (...a: never[]) => unknown>(f: F) => ((...a: Parameters<F>) => (writes++, f.apply(stream, a))) as unknown as F;
      const original = { writev: stream._writev, write: stream._write };
      stream._writev = original.writev && count(original.writev as (...a: never[]) => unknown);
      stream._write = count(original.write as (...a: never[]) => unknown);
      try {
        const [a, b, c] = await Promise.all([tx.query("SELECT 1 AS n"), tx.query("SELECT $1::int AS n", [2]), tx.query("SELECT 3 AS n")]);
        expect([a.rows[0].n, b.rows[0].n, c.rows[0].n]).toEqual([1, 2, 3]);
        expect(writes).toBe(1); // three statements (one of them parsed, bound and executed), one write
        writes = 0;
        await tx.query("SELECT 4 AS n");
        await tx.query("SELECT 5 AS n");
        expect(writes).toBe(2); // a statement awaited before the next is sent on its own, as before
      } finally {
        stream._writev = original.writev;
        stream._write = original.write;
      }
    });
  });

  it("batch.commitWith sends COMMIT with the last statement: one write, and what it wrote is committed", async () => {
    const projectId = await someProject();
    const marker = `and-commit-${randomUUID()}`;
    let writes = 0;
    const inserted = await withTransaction(async (tx, batch) => {
      const stream = (tx as unknown as { connection: { stream: { _writev: (...a: unknown[]) => unknown } } }).connection.stream;
      const writev = stream._writev;
      stream._writev = (...a: unknown[]) => (writes++, writev.apply(stream, a));
      try {
        const r = await batch.commitWith(tx.query<{ id: string }>("INSERT INTO audit_log (project_id, action, metadata) VALUES ($1, 'test.tx', $2) RETURNING id", [projectId, { marker }]));
        return r.rows[0]!.id;
      } finally {
        stream._writev = writev;
      }
    });
    expect(inserted).toBeTruthy();
    expect(writes).toBe(1); // the statement and its COMMIT (and the BEGIN before them) in one write
    expect((await traces(projectId, marker)).audit).toBe(1);
  });

  it("batch.commitWith: a last statement that fails rolls everything back and throws its own error", async () => {
    const projectId = await someProject();
    const marker = `and-commit-fails-${randomUUID()}`;
    const done = withTransaction(async (tx, batch) => {
      await tx.query("INSERT INTO audit_log (project_id, action, metadata) VALUES ($1, 'test.tx', $2)", [projectId, { marker }]);
      await batch.commitWith(tx.query("SELECT 1 / 0"));
    });
    await expect(done).rejects.toMatchObject({ code: "22012" });
    expect((await traces(projectId, marker)).audit).toBe(0);
    // the connection went back to the pool clean: the next transaction on it works
    expect(await withTransaction(async (tx) => (await tx.query("SELECT 1 AS one")).rows[0].one)).toBe(1);
  });

  it("batch.commitWith: a statement sent after the COMMIT is refused, never run outside the transaction", async () => {
    const projectId = await someProject();
    const marker = `after-commit-${randomUUID()}`;
    const done = withTransaction(async (tx, batch) => {
      await batch.commitWith(tx.query("SELECT 1"));
      await tx.query("INSERT INTO audit_log (project_id, action, metadata) VALUES ($1, 'test.tx', $2)", [projectId, { marker }]);
    });
    await expect(done).rejects.toThrow(/after its transaction's COMMIT/);
    expect((await traces(projectId, marker)).audit).toBe(0);
  });

  it("batch.send: a statement that fails while nobody awaits it yet rolls the transaction back, and raises no unhandled rejection", async () => {
    const projectId = await someProject();
    const marker = `batch-send-${randomUUID()}`;
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on("unhandledRejection", onUnhandled);
    try {
      const done = withTransaction(async (tx, batch) => {
        batch.send(tx.query("INSERT INTO audit_log (project_id, action, metadata) VALUES ($1, 'test.tx', $2)", [projectId, { marker }]));
        const failing = batch.send(tx.query("SELECT 1 / 0"));
        await new Promise((r) => setImmediate(r)); // its answer is in, and nobody has awaited it
        await failing;
      });
      await expect(done).rejects.toMatchObject({ code: "22012" });
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
      expect((await traces(projectId, marker)).audit).toBe(0);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("a batch on the caller's transaction leaves the COMMIT to it: commitWith only awaits", async () => {
    const projectId = await someProject();
    const marker = `batch-caller-${randomUUID()}`;
    const { batchOf } = await import("@/server/db/batch");
    await expect(
      withTransaction(async (tx) => {
        await batchOf(tx).commitWith(tx.query("INSERT INTO audit_log (project_id, action, metadata) VALUES ($1, 'test.tx', $2)", [projectId, { marker }]));
        await tx.query("INSERT INTO audit_log (project_id, action, metadata) VALUES ($1, 'test.tx', $2)", [projectId, { marker }]); // still inside the transaction
        throw new Error("the caller rolls back");
      }),
    ).rejects.toThrow("the caller rolls back");
    expect((await traces(projectId, marker)).audit).toBe(0);
  });

  it("refuses a second connection while a transaction is active", async () => {
    await withTransaction(async (tx) => {
      expect(() => db()).toThrow(ConnectionInTransactionError);
      expect(() => pool()).toThrow(ConnectionInTransactionError);
      await expect(withTransaction(async () => 1)).rejects.toThrow(ConnectionInTransactionError);
      // Functions that take the handle join the caller's transaction.
      expect(await inTransaction(tx, async (inner) => (await inner.query("SELECT 1 AS one")).rows[0].one)).toBe(1);
      // A domain write that forgets the handle fails, instead of committing on its own.
      await expect(writeAudit({ action: "test.forgot_tx" })).rejects.toThrow(ConnectionInTransactionError);
    });
    // Outside, the accessors work again.
    expect((await pool().query("SELECT 1 AS one")).rows[0].one).toBe(1);
  });

  it("reads a level track missing from the cache on the caller's connection, not a second one", async () => {
    forgetTracks();
    const counted = await withTransaction(async (tx) => {
      const counting = countingTx(tx);
      const track = await publishedTrack("memory_v1", counting);
      return { levels: track.levels.length, statements: counting.count };
    });
    expect(counted).toEqual({ levels: 10, statements: 1 });
    // A caller inside a transaction that forgets its handle fails on a miss (the guard is on in tests).
    forgetTracks();
    await expect(withTransaction(async () => publishedTrack("memory_v1"))).rejects.toThrow(ConnectionInTransactionError);
  });

  it("a connection the server ends mid-transaction fails that transaction, not the process", async () => {
    // What a PostgreSQL restart or failover does to every checked-out connection, done to one:
    // its backend is terminated from another session. The client then emits 'error'; unheard,
    // that is an uncaught exception that stops the whole web or worker process.
    const killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await killer.connect();
    try {
      const ended = withTransaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
        await killer.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
        await tx.query("SELECT 1");
      });
      await expect(ended).rejects.toThrow();
      // The broken connection left the pool; the next transaction gets a working one.
      expect(await withTransaction(async (tx) => (await tx.query("SELECT 1 AS one")).rows[0].one)).toBe(1);
    } finally {
      await killer.end();
    }
  });
});
