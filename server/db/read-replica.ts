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

  constructor(opts: { url: string; max: number }) {
    // A replica that is gone must fail fast (the read then goes to the primary), not hold a request for the pool's usual 5 s.
    this.pool = new pg.Pool({ connectionString: opts.url, max: opts.max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 2_000, options: "-c jit=off" });
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

