import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";
import { services } from "@/server/services/container";
import { assertNoActiveTransaction } from "./tx";
import { CorkedClient } from "./corked-client";
import { Lane } from "./lane";

export type { Prisma } from "./generated/prisma/client";
export type TDb = PrismaClient;

/** How many statements the write lane puts on one connection before the next (each commits and waits for its WAL flush); also how many of one event-loop turn's statements stay together on one connection (lane.ts). */
const WRITE_LANE_FILL = 4;

/** One pg pool per process and the Prisma client over it; built by setupServices(). */
export function createDatabase(opts: { url: string; max: number; readLaneSize?: number; writeLaneSize?: number }): { pool: pg.Pool; prisma: PrismaClient; readLane: Lane; writeLane: Lane } {
  // JIT off: PostgreSQL compiles any plan estimated above jit_above_cost, which on the analytics
  // reads (a million events) cost more to compile (~300 ms) than to run (~80 ms); the OLTP paths
  // never reach the threshold, so nothing here gains from it.
  // Pipeline mode: a client sends a query without waiting for the previous one's answer (the
  // server still runs them in order, each with its own result or error). Nothing changes for code
  // that awaits each query; withTransaction uses it to send BEGIN with the transaction's first
  // statement, and a caller may send independent statements of one transaction together. Those
  // leave in one socket write (CorkedClient).
  const options = "-c jit=off";
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000, options, pipeline: true, Client: CorkedClient });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // The lane is for short indexed reads: a statement on it that runs for seconds is a bug, and
  // would hold up the reads pipelined behind it, so PostgreSQL cancels it.
  const readLane = new Lane({ url: opts.url, size: opts.readLaneSize ?? 2, options: `${options} -c statement_timeout=5000` });
  const writeLane = new Lane({ url: opts.url, size: opts.writeLaneSize ?? 4, fill: WRITE_LANE_FILL, options: `${options} -c statement_timeout=5000` });
  return { pool, prisma: new PrismaClient({ adapter: new PrismaPg(pool) }), readLane, writeLane };
}

/** Prisma, for reads and single-statement writes outside a transaction (inside one, use its `tx`). */
export function db(): PrismaClient {
  assertNoActiveTransaction("db()");
  return services().prisma;
}

/** The shared read lane, for short standalone indexed reads on the hot path (see Lane); never inside a transaction. */
export function readLane(): Lane {
  assertNoActiveTransaction("readLane()");
  return services().readLane;
}

/** The shared write lane, for the hot path's standalone single-statement writes that touch one row by its key (see Lane); never inside a transaction. */
export function writeLane(): Lane {
  assertNoActiveTransaction("writeLane()");
  return services().writeLane;
}

/** The pg pool, for single statements outside a transaction (inside one, use its `tx`). */
export function pool(): pg.Pool {
  assertNoActiveTransaction("pool()");
  return services().pool;
}
