import { closeServices } from "@/server/services/setup";
import { logger } from "@/server/logging/logger";
import { stopWhenOrphaned } from "./parent-watch";

/**
 * Graceful stop for a long-running process: on SIGINT/SIGTERM (or when its supervisor is gone)
 * run `drain` once, close the wired services (queue, database pool, Redis), and exit; a stuck drain is cut off after
 * `forceAfterMs`.
 */
export function onShutdown(name: string, drain: () => Promise<void>, opts: { forceAfterMs?: number } = {}): void {
  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger().info({ signal: reason }, `${name} stopping`);
    const force = setTimeout(() => process.exit(1), opts.forceAfterMs ?? 10_000).unref();
    await drain().catch((e) => logger().error({ err: e }, `${name} did not drain cleanly`));
    await closeServices().catch(() => undefined);
    clearTimeout(force);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  if (process.env.PLAYLOOP_SUPERVISED === "1") stopWhenOrphaned(() => void stop("parent exited"));
}
