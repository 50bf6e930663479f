import type pg from "pg";

/**
 * How a transaction's statements travel, in one place. The pool's connections pipeline: a
 * statement may be sent before the answer of the one before it is in (the server runs them in
 * order), and what one turn of the event loop sends leaves in one socket write (corked-client.ts).
 * The hot paths use that to spend fewer round trips, and the domain code says so with two words:
 *
 * - `send(statement)`: the statement is on its way; its answer is awaited where it is needed. A
 *   failure nobody awaits yet is not an unhandled rejection (awaiting it still throws), and it
 *   fails every statement sent behind it, which surfaces it there.
 * - `commitWith(last)`: the transaction's last statements and its COMMIT in one round trip — for
 *   when nothing is decided after them but their own success. If one of them fails the server
 *   answers the COMMIT with a rollback and the transaction throws that failure; a statement sent
 *   after it is refused (it would run outside the transaction). A batch on a transaction that
 *   someone else commits (a caller's `tx`) just awaits `last`.
 *
 * Everything else a transaction does is plain `await tx.query(…)`.
 */
/** The one transaction handle's type (tx.ts opens and closes transactions; this is what domain code holds). */
export type TTx = Pick<pg.PoolClient, "query">;

export type TBatch = {
  /** The transaction's handle. */
  readonly tx: TTx;
  /** Sends a statement (or anything already on its way) now; its answer is awaited later. */
  send<R>(statement: Promise<R>): Promise<R>;
  /** The transaction's last statement(s), with its COMMIT in the same round trip when this batch's transaction is its own. */
  commitWith<S>(last: Promise<S>): Promise<S>;
};

/** A statement sent now and awaited later: marked handled (see TBatch.send). */
export function sentAhead<T>(statement: Promise<T>): Promise<T> {
  statement.catch(() => {});
  return statement;
}

/** The batch of a transaction: `commit` sends its COMMIT behind a statement (withTransaction's); without it, the caller's transaction commits later. */
export function batchOf(tx: TTx, commit?: <S>(last: Promise<S>) => Promise<S>): TBatch {
  return {
    tx,
    send: sentAhead,
    commitWith: commit ?? ((last) => last),
  };
}
