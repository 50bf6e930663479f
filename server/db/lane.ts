import pg from "pg";
import { CorkedClient } from "./corked-client";

/** A statement still unanswered this long after the connection's last answer means the connection is stalled. */
export const LANE_STALL_MS = 25;

/**
 * A connection with statements in flight and no answer for this long is given up: its socket is
 * destroyed, which fails every statement on it, and the next statement opens a new one. Longer than
 * the lanes' 5 s statement_timeout, so it only fires when PostgreSQL itself cannot answer (a frozen
 * server, a peer or NAT that dropped the connection without a reset), where nothing else would: the
 * server's timeout needs a server, and TCP keepalive takes minutes to notice.
 */
const LANE_ANSWER_TIMEOUT_MS = 10_000;
/** How long opening a lane connection may take (as the pool's connectionTimeoutMillis). */
const LANE_CONNECT_TIMEOUT_MS = 5_000;

/**
 * A client of a lane: it gathers what every request of one event-loop iteration sends
 * (`setImmediate`, after the iteration's I/O callbacks) into one socket write.
 */
class LaneClient extends CorkedClient {
  protected override flushLater(flush: () => void): void {
    setImmediate(flush);
  }
}

type TSlot = { client: Promise<pg.Client>; pending: number; progressAt: number; broken: boolean };

/**
 * A few connections shared by every request for short, standalone, indexed statements of the hot
 * paths: the read lane (the lobby's snapshot) and the write lane (a game command's one
 * compare-and-set statement). Each connection is pipelined and gathers the statements of one
 * event-loop iteration into one socket write; PostgreSQL answers them in order, each with its own
 * result or error (each its own implicit transaction), as if each had its own connection.
 * PostgreSQL runs exactly the statements it would run on a pool; what a lane saves is this
 * process's socket writes and PostgreSQL's wake-ups: a pool spreads statements over many backends
 * that each sleep between them, and on a small VM waking one from a loopback write cost the writer
 * more than anything else it did for the request (docs/performance.md).
 *
 * Statements go to the first connection, so batches are as large as the load makes them; to the
 * next one while the first is stalled (an answer overdue by LANE_STALL_MS: a slow statement blocks
 * the ones sent behind it), broken, or holds `fill` statements already. A broken connection fails
 * the statements already on it and is reopened by the next one. With `fill`, the statements of one
 * event-loop turn stay together on one connection (up to `fill` of them): one write each turn, not one
 * per connection the turn touched. Never for a transaction (a lane's
 * statement must not wait on anything its request holds) or a long statement.
 */
export class Lane {
  readonly #slots: (TSlot | null)[];
  #ended = false;
  /** With a fill bound: the connection this event-loop turn's first statement took, and how many of the turn's statements it has taken. */
  #turn: { slot: TSlot; taken: number } | null = null;

  /**
   * `onConnect` sees each connection the lane opens (tests, diagnostics). `fill`: how many
   * statements a connection may have in flight before the next is used (default: no bound; a turn's
   * statements, up to `fill` of them, stay on the connection the turn's first one took) — on
   * the write lane each statement commits and waits for its WAL flush, one after another on one
   * connection; spread over a few, PostgreSQL flushes their commits together.
   */
  constructor(private readonly opts: { url: string; size: number; options?: string; fill?: number; onConnect?: (client: pg.Client) => void; answerTimeoutMs?: number; connectTimeoutMs?: number }) {
    this.#slots = Array.from({ length: Math.max(1, opts.size) }, () => null);
  }

  #watchdog: ReturnType<typeof setInterval> | null = null;

  /**
   * One timer per lane (not one per statement: the lanes carry the hot paths): every second, a
   * connection whose statements have waited past the answer timeout since its last answer is
   * destroyed (see LANE_ANSWER_TIMEOUT_MS). Unref'd; stopped by end().
   */
  #watch(): void {
    if (this.#watchdog) return;
    const limit = this.opts.answerTimeoutMs ?? LANE_ANSWER_TIMEOUT_MS;
    this.#watchdog = setInterval(() => {
      const at = performance.now();
      for (const s of this.#slots) {
        if (!s || s.broken || s.pending === 0 || at - s.progressAt < limit) continue;
        s.broken = true;
        void s.client.then((c) => (c as unknown as { connection?: { stream?: { destroy(e?: Error): void } } }).connection?.stream?.destroy(), () => undefined);
      }
    }, Math.min(1_000, limit));
    this.#watchdog.unref?.();
  }

  async query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>> {
    if (this.#ended) throw new Error("the lane is closed");
    const slot = this.#pick();
    if (slot.pending++ === 0) slot.progressAt = performance.now();
    try {
      return await (await slot.client).query<R>(config);
    } finally {
      slot.pending--;
      slot.progressAt = performance.now();
    }
  }

  /**
   * With a fill bound, a turn's statements stay on the connection its first statement took, up to
   * `fill` of them, so they leave in one socket write: picked one by one, a busy lane (every
   * connection at its fill) sent each to the least busy connection in turn, and a turn of four
   * moves cost four writes, each waking a backend. Whatever is not a turn's next statement goes to
   * `#pickFree`.
   */
  #pick(): TSlot {
    const fill = this.opts.fill;
    if (fill === undefined) return this.#pickFree();
    const turn = this.#turn;
    // (picked in this very turn: if it was fit then, it is now, unless it broke meanwhile)
    if (turn && turn.taken < fill && !turn.slot.broken) {
      turn.taken++;
      return turn.slot;
    }
    const slot = this.#pickFree();
    if (!turn) setImmediate(() => (this.#turn = null)); // the turn ends where its statements leave (LaneClient)
    this.#turn = { slot, taken: 1 };
    return slot;
  }

  /** The first connection that is neither stalled nor broken (a broken or missing one is opened anew); if all are stalled, the least busy. */
  #pickFree(): TSlot {
    const at = performance.now();
    let least: TSlot | null = null;
    for (let i = 0; i < this.#slots.length; i++) {
      let s = this.#slots[i];
      if (s?.broken) void s.client.then((c) => c.end()).catch(() => undefined); // whatever is left of it
      if (!s || s.broken) this.#slots[i] = s = this.#open();
      if (s.pending === 0 || (s.pending < (this.opts.fill ?? Number.POSITIVE_INFINITY) && at - s.progressAt < LANE_STALL_MS)) return s;
      if (!least || s.pending < least.pending) least = s;
    }
    return least!;
  }

  #open(): TSlot {
    // keepAlive: a connection dropped silently (a proxy's idle cut) fails instead of holding the lane's reads.
    // keepAlive from 10 s of silence (the driver's default waits the OS's two hours before the first probe)
    const client = new LaneClient({
      connectionString: this.opts.url, options: this.opts.options, pipeline: true, keepAlive: true, keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: this.opts.connectTimeoutMs ?? LANE_CONNECT_TIMEOUT_MS,
    } as pg.ClientConfig);
    this.#watch();
    const slot: TSlot = { client: Promise.resolve(client), pending: 0, progressAt: 0, broken: false };
    const breakSlot = () => {
      slot.broken = true;
    };
    // A dropped connection fails its reads and is replaced by the next read; it must not crash the process.
    client.on("error", breakSlot);
    client.on("end", breakSlot);
    slot.client = client.connect().then(
      () => (this.opts.onConnect?.(client), client),
      (e: unknown) => {
        breakSlot();
        throw e;
      },
    );
    return slot;
  }

  /** Closes the lane's connections (shutdown); later statements are refused. */
  async end(): Promise<void> {
    this.#ended = true;
    if (this.#watchdog) clearInterval(this.#watchdog);
    this.#watchdog = null;
    const open = this.#slots.splice(0, this.#slots.length, ...this.#slots.map(() => null));
    await Promise.all(open.map(async (s) => (s ? (await s.client.catch(() => null))?.end().catch(() => undefined) : undefined)));
  }
}
