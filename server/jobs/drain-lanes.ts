/**
 * A worker's lanes for draining a table of due work (webhook deliveries): `kick()` — a wake-up,
 * a poll — starts a lane when fewer than `lanes` run, else asks for one more pass after them. A
 * lane calls `drain()` (one batch: lease, work, record; answers how many it took) and goes on while
 * its batches come back full, kicking another lane then, so under a backlog every lane runs and
 * one batch's round trips overlap another's; at a trickle a single lane takes what a wake-up
 * brings. A failing `drain()` (the database away) ends its lane; the next kick tries again.
 * `stop()` starts nothing more and waits for the running lanes to finish their batch.
 */
export function drainLanes(opts: { lanes: number; batch: number; drain: () => Promise<number>; onError?: (e: unknown) => void }) {
  let running = 0;
  let again = false;
  let stopped = false;
  const idle: Array<() => void> = [];

  const lane = async () => {
    try {
      for (;;) {
        const taken = await opts.drain();
        if (taken < opts.batch || stopped) break;
        kick(); // a full batch: more is due; let another lane share it
      }
    } catch (e) {
      opts.onError?.(e);
    } finally {
      running--;
      if (again && !stopped) {
        again = false;
        kick();
      }
      if (running === 0) idle.splice(0).forEach((r) => r());
    }
  };

  function kick(): void {
    if (stopped) return;
    if (running >= opts.lanes) {
      again = true; // what this kick was for may have come after the running lanes' leases
      return;
    }
    running++;
    void lane();
  }

  return {
    kick,
    running: () => running,
    async stop(): Promise<void> {
      stopped = true;
      if (running > 0) await new Promise<void>((r) => idle.push(r));
    },
  };
}
