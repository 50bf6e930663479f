import type pg from "pg";
import { pool } from "./client";

/**
 * Plain SQL for the hot paths (run start, commands, lobby), where every statement counts: one
 * pooled client, one transaction, statements written out. The rest of the domain uses Prisma.
 */
export type TSql = Pick<pg.PoolClient, "query">;

export async function withTransaction<T>(fn: (sql: TSql) => Promise<T>, opts: { isolation?: "READ COMMITTED" | "REPEATABLE READ" } = {}): Promise<T> {
  const client = await pool().connect();
  try {
    await client.query(opts.isolation ? `BEGIN ISOLATION LEVEL ${opts.isolation}` : "BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** A pg client that counts the statements it runs (tests assert statement budgets with it). */
export function countingSql(inner: TSql): TSql & { count: number } {
  const wrapper = {
    count: 0,
    query: ((...args: Parameters<TSql["query"]>) => {
      wrapper.count++;
      return (inner.query as (...a: unknown[]) => unknown)(...args);
    }) as TSql["query"],
  };
  return wrapper;
}

