import type pg from "pg";
import { pool } from "@/server/db/client";

type TQueryable = Pick<pg.ClientBase, "query">;

/** The backend process id of a connection (the one whose locks others may wait for). */
export async function backendPid(conn: TQueryable): Promise<number> {
  return (await conn.query("SELECT pg_backend_pid() AS pid")).rows[0].pid as number;
}

/**
 * Resolves once at least `n` other backends wait for a lock the backend `holder` holds, asking
 * pg_blocking_pids: a race is staged by what the database reports, never by a sleep. `watcher` is
 * the connection that asks (the pool's by default; a test on a database of its own passes its own).
 */
export async function untilBlockedBy(holder: TQueryable | number, what: string, opts: { n?: number; watcher?: TQueryable; timeoutMs?: number } = {}): Promise<void> {
  const pid = typeof holder === "number" ? holder : await backendPid(holder);
  const watcher = opts.watcher ?? pool();
  const n = opts.n ?? 1;
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  for (;;) {
    const { rows } = await watcher.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))", [pid]);
    if (rows[0].n >= n) return;
    if (Date.now() > deadline) throw new Error(`${what}: ${rows[0].n} of ${n} backends ever waited`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The backends waiting for a lock the backend `holder` holds, once there is at least one (untilBlockedBy). */
export async function waitersOf(holder: TQueryable | number, what: string): Promise<number[]> {
  const pid = typeof holder === "number" ? holder : await backendPid(holder);
  await untilBlockedBy(pid, what);
  const { rows } = await pool().query("SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))", [pid]);
  return rows.map((r) => r.pid as number);
}

/**
 * Resolves once at least `n` backends running a statement like `pattern` (SQL LIKE) wait for a
 * lock: the holder's or, for a row many wait for, the tuple lock of the first in line (which
 * pg_blocking_pids reports instead of the holder, so untilBlockedBy would see only one of them).
 */
export async function untilWaiting(pattern: string, n: number, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool().query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1", [pattern]);
    if (rows[0].n >= n) return;
    if (Date.now() > deadline) throw new Error(`${what}: ${rows[0].n} of ${n} backends waited`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
