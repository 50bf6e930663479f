import pg from "pg";

/** After the replica failed to answer, reads go to the primary this long before it is tried again. */
const REPLICA_RETRY_MS = 5_000;

/**
 * The read replica (DATABASE_READ_URL): its own pool, and whether it answered lately. A replica
 * that fails to answer is left alone for REPLICA_RETRY_MS, then tried again by the next read — the
 * service returns to it by itself, without a restart.
 */
export class ReadReplica {
  readonly pool: pg.Pool;
  #downUntil = 0;

  constructor(opts: { url: string; max: number; answerTimeoutMs?: number }) {
    // A replica that is gone must fail fast (the read then goes to the primary), not hold a request for the pool's usual 5 s.
    // A replica that stops answering (frozen, or a connection dropped without a reset) must fail too:
    // a statement with no answer for 30 s fails on the client (the pool destroys its connection, the
    // read goes to the primary and the replica is left alone for a pause), and TCP keepalive probes
    // from 10 s of silence instead of the OS's two hours. The heaviest analytics read takes ~1–2 s at
    // ten million events; the server's own statement_timeout (60 s) ends what the client gave up on.
    this.pool = new pg.Pool({
      connectionString: opts.url, max: opts.max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 2_000,
      query_timeout: opts.answerTimeoutMs ?? 30_000, keepAlive: true, keepAliveInitialDelayMillis: 10_000,
      options: "-c jit=off -c statement_timeout=60000",
    });
    this.pool.on("error", () => {});
  }

  get up(): boolean {
    return performance.now() >= this.#downUntil;
  }

  markDown(): void {
    this.#downUntil = performance.now() + REPLICA_RETRY_MS;
  }

  end(): Promise<void> {
    return this.pool.end().catch(() => undefined);
  }
}

