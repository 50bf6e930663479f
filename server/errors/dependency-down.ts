/**
 * Is this error a dependency being down, rather than a bug in the request? A request that meets an
 * unreachable or restarting PostgreSQL answers 503 `service_unavailable` naming the dependency
 * (wire-error.ts), as /v1/ready does, instead of 500 `internal_error`. Recognised anywhere in the
 * error's chain (`cause`, an AggregateError's `errors`, a driver adapter's wrapped error):
 * - PostgreSQL's connection-exception class (SQLSTATE 08…) and the operator-intervention codes a
 *   shutdown, crash or start-up answers with (57P01-57P03);
 * - the socket failing under the driver (ECONNREFUSED, ECONNRESET, EPIPE, ETIMEDOUT, EHOSTUNREACH…);
 * - node-postgres's own words for a connection that ended or never came ("Connection terminated",
 *   "timeout exceeded when trying to connect", a client "not queryable").
 * Pure: no I/O, no state.
 */
export type TDependency = "database";

const PG_DOWN_CODES = new Set(["57P01", "57P02", "57P03"]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
const PG_DRIVER_WORDS = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|Connection ended/i;

export function dependencyDown(error: unknown): TDependency | null {
  const seen = new Set<unknown>();
  const stack: unknown[] = [error];
  while (stack.length > 0 && seen.size < 16) {
    const e = stack.pop();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const o = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; meta?: { driverAdapterError?: unknown } };
    const code = typeof o.code === "string" ? o.code : "";
    if (/^08[0-9A-Z]{3}$/.test(code) || PG_DOWN_CODES.has(code) || SOCKET_CODES.has(code)) return "database";
    if (typeof o.message === "string" && PG_DRIVER_WORDS.test(o.message)) return "database";
    if (o.cause) stack.push(o.cause);
    if (Array.isArray(o.errors)) stack.push(...o.errors);
    if (o.meta?.driverAdapterError) stack.push(o.meta.driverAdapterError);
  }
  return null;
}
