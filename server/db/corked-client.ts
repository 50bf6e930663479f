import pg from "pg";
import { leanQueryOf, sendLean } from "./lean-query";

/**
 * A pg client whose statements sent in one turn of the event loop leave in one socket write.
 *
 * node-postgres writes each statement as it is submitted (one `writev` per statement). On a
 * pipelined connection a transaction often sends several at once — BEGIN with its first statement,
 * a claim's lock, reads and the run's commands — and every write to a loopback socket costs the
 * writer the receiving side's TCP path too (~50–90 µs of this process's CPU on a small VM; writes
 * were over a quarter of the web process's busy time). The first statement of a turn corks the
 * socket and the uncork is queued behind the current microtasks (`process.nextTick`), so everything
 * the turn's code sends goes out together, before the process waits for anything.
 *
 * Nothing else changes: statements still go out in order, each with its own result or error, and a
 * statement is never held past the turn that sent it.
 */
export class CorkedClient extends pg.Client {
  #corked = false;
  /** Set while a transaction's COMMIT is on its way (a batch's commitWith, batch.ts): a statement sent now would run outside it. */
  sealed = false;

  override query(...args: unknown[]): never {
    if (this.sealed) throw new Error("a statement was sent after its transaction's COMMIT (commitWith); send it before");
    this.#cork();
    // a plain statement (text, values, a name) skips the driver's per-statement costs (lean-query.ts)
    const lean = leanQueryOf(args);
    if (lean) return sendLean(lean, (q) => (super.query as (q: unknown) => unknown)(q)) as never;
    return (super.query as (...a: unknown[]) => never)(...args);
  }

  #cork(): void {
    if (this.#corked) return;
    const stream = (this as unknown as { connection?: { stream?: { writable?: boolean; cork?: () => void; uncork?: () => void } } }).connection?.stream;
    if (!stream?.writable || !stream.cork || !stream.uncork) return;
    stream.cork();
    this.#corked = true;
    this.flushLater(() => {
      this.#corked = false;
      stream.uncork!();
    });
  }

  /** When the corked statements leave: behind the current microtasks (a transaction's turn). */
  protected flushLater(flush: () => void): void {
    process.nextTick(flush);
  }
}
