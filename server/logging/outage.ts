import { logger } from "./logger";

/**
 * One log line per outage, not one per request: the first request a down dependency refuses logs
 * an error naming it; the ones after it are only counted; once none has failed for `QUIET_MS`
 * the outage is over, and one line says how many requests it refused and for how long. A
 * dependency failing again after that starts a new outage (and a new error line).
 */
const QUIET_MS = 10_000;

type TSink = { error(fields: object, message: string): void; warn(fields: object, message: string): void };
type TOutage = { since: number; refused: number; timer: NodeJS.Timeout | null };

export function createOutageLog(sink: () => TSink = logger, now: () => number = Date.now) {
  const open = new Map<string, TOutage>();
  return {
    report(dependency: string, error: unknown, requestId: string): void {
      let o = open.get(dependency);
      if (!o) {
        o = { since: now(), refused: 0, timer: null };
        open.set(dependency, o);
        const err = error instanceof Error ? { message: error.message, code: (error as { code?: unknown }).code } : { message: String(error) };
        sink().error({ dependency, err, request_id: requestId }, `${dependency} unavailable: requests answer 503 service_unavailable until it is back`);
      }
      o.refused++;
      const outage = o;
      if (outage.timer) clearTimeout(outage.timer);
      outage.timer = setTimeout(() => {
        open.delete(dependency);
        const seconds = Math.round((now() - outage.since - QUIET_MS) / 100) / 10;
        sink().warn({ dependency, refused: outage.refused, seconds }, `${dependency} outage over (no failure for ${QUIET_MS / 1000} s): ${outage.refused} requests answered 503 over ${seconds} s`);
      }, QUIET_MS);
      outage.timer.unref?.();
    },
    /** Outages still open (tests). */
    openOutages: () => [...open.keys()],
  };
}

const processOutages = createOutageLog();

/** The process's outage log (server/http/errors.ts and the console's tRPC formatter report to it). */
export function reportOutage(dependency: string, error: unknown, requestId: string): void {
  processOutages.report(dependency, error, requestId);
}
