import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";
import { config } from "@/server/config/env";
import { services } from "@/server/services/container";
import { batchOf, sentAhead, type TBatch, type TTx } from "./batch";
import { CorkedClient } from "./corked-client";

/**
 * The one transaction handle. A user action is one commit: every composable domain write (the
 * command and its run, events, audit entries, fraud flags, claims, ledger rows, job enqueues)
 * takes a `TTx` and runs on the caller's connection. Prisma stays for non-transactional reads and
 * single-statement CRUD outside a transaction.
 *
 * The guard (`TX_GUARD`, on outside production): while a transaction is active in the current
 * async context, opening another connection — a nested `withTransaction`, `db()`, `readLane()` or
 * `pool()` — throws, so a domain function that forgets to use the handle fails in every test that
 * reaches it instead of silently committing on its own (and holding a second pooled connection
 * while the first one's row locks wait). It is a check on the code, like the strict response check,
 * and it is off in production: the async context it needs (AsyncLocalStorage) makes Node 20 run a
 * hook on every promise the process creates, for every request (without it: +6–18 % lobbies/s in
 * alternating runs; no clear difference on game commands). Nothing else depends on it: what must
 * follow a commit is registered on the handle itself (`afterCommit(tx, …)`).
 */
export type { TTx } from "./batch";

/** Marks the async context of an open transaction (the guard only: nothing reads the transaction from it). */
const active = new AsyncLocalStorage<true>();

/** The after-commit hooks of each open transaction, by its handle; and the handle a wrapper of it (countingTx) wraps. */
const commitHooks = new WeakMap<object, Array<() => void>>();
const wrapped = new WeakMap<object, TTx>();

export class ConnectionInTransactionError extends Error {
  constructor(what: string) {
    super(`${what} opened another database connection while a transaction is active; pass the transaction handle (tx) instead`);
    this.name = "ConnectionInTransactionError";
  }
}

export function assertNoActiveTransaction(what: string): void {
  if (active.getStore()) throw new ConnectionInTransactionError(what);
}

/**
 * Runs `hook` once the transaction `tx` has committed (never if it rolls back); when `tx` is not an
 * open transaction, now. For what must not wait inside a transaction nor happen without its
 * commit — waking the workers for a job it sent. A hook must not throw (its errors are its own).
 */
export function afterCommit(tx: TTx, hook: () => void): void {
  const hooks = commitHooks.get(wrapped.get(tx) ?? tx);
  if (hooks) hooks.push(hook);
  else hook();
}

/** Runs `fn` outside any transaction context (background refreshes started from inside one; with the guard). */
export function outsideTransaction<T>(fn: () => T): T {
  return active.exit(fn);
}

/** The transaction's COMMIT was answered with a rollback: a statement of it failed, and the code went on. Nothing was written. */
export class TransactionRolledBackError extends Error {
  constructor() {
    super("the transaction was rolled back: one of its statements failed");
    this.name = "TransactionRolledBackError";
  }
}

/**
 * Runs `fn` in one transaction on one pooled connection: committed when `fn` resolves, rolled back
 * when it throws. `batch` is how its statements travel (batch.ts): sent ahead, and the last ones
 * with the COMMIT.
 */
export async function withTransaction<T>(fn: (tx: TTx, batch: TBatch) => Promise<T>, opts: { isolation?: "READ COMMITTED" | "REPEATABLE READ" } = {}): Promise<T> {
  assertNoActiveTransaction("withTransaction");
  const client = await services().pool.connect();
  // While a client is checked out the pool does not listen to it. A connection the server ends
  // (a restart, a failover, a terminated backend) emits 'error' on the client, and an 'error'
  // nobody hears is an uncaught exception that stops the whole process. Heard here, it only fails
  // this transaction (its statement in flight rejects on its own) and the broken client is
  // destroyed on release instead of going back to the pool.
  let broken: Error | undefined;
  let commit: Promise<pg.QueryResult> | null = null;
  const onError = (e: Error) => {
    broken = e;
  };
  client.on("error", onError);
  try {
    // BEGIN goes out with the transaction's first statement instead of a round trip of its own.
    // The server runs them in order, so BEGIN's answer is in before the first statement's; it is
    // awaited before anything commits. A BEGIN that fails means a broken connection, on which the
    // statements behind it fail too.
    const begun = sentAhead(client.query(opts.isolation ? `BEGIN ISOLATION LEVEL ${opts.isolation}` : "BEGIN"));
    const batch = batchOf(client, (statement) => {
      if (commit) throw new Error("commitWith: this transaction's COMMIT was sent already");
      commit = sentAhead(client.query("COMMIT"));
      sealed(client, true);
      return statement;
    });
    const hooks: Array<() => void> = [];
    commitHooks.set(client, hooks);
    const result = config().txGuard ? await active.run(true, () => fn(client, batch)) : await fn(client, batch);
    await begun;
    // A COMMIT of a transaction in which a statement failed is answered with a rollback (the
    // server's tag says so, without an error): the code went on past the failure, so nothing of
    // what it returns was written.
    const done = await (commit ?? client.query("COMMIT"));
    if (done.command !== "COMMIT") throw new TransactionRolledBackError();
    commitHooks.delete(client);
    for (const hook of hooks) hook();
    return result;
  } catch (e) {
    sealed(client, false);
    await (commit ?? client.query("ROLLBACK")).catch(() => {});
    throw e;
  } finally {
    commitHooks.delete(client);
    sealed(client, false);
    client.off("error", onError);
    client.release(broken);
  }
}

/** After commitWith, the client refuses statements until it goes back to the pool (they would run outside the transaction). */
function sealed(client: pg.PoolClient, on: boolean): void {
  if (client instanceof CorkedClient) client.sealed = on;
}

/** `fn` in the caller's transaction when one is given, else in a new one. */
export function inTransaction<T>(tx: TTx | undefined, fn: (tx: TTx) => Promise<T>): Promise<T> {
  return tx ? fn(tx) : withTransaction(fn);
}

/** A handle that counts the statements it runs (tests assert statement budgets with it). */
export function countingTx(inner: TTx): TTx & { count: number } {
  const wrapper = {
    count: 0,
    query: ((...args: Parameters<TTx["query"]>) => {
      wrapper.count++;
      return (inner.query as (...a: unknown[]) => unknown)(...args);
    }) as TTx["query"],
  };
  wrapped.set(wrapper, inner);
  return wrapper;
}
