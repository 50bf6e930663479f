import net from "node:net";

/**
 * Polls `check` until it answers true, at most every `everyMs`, and fails naming `what` after
 * `timeoutMs`. The suite's only way to wait for another process: no fixed sleeps.
 */
export async function pollUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  opts: { timeoutMs: number; everyMs?: number; /** A reason to give up at once (a process that exited), or null. */ abort?: () => string | null },
): Promise<number> {
  const started = performance.now();
  const deadline = started + opts.timeoutMs;
  for (;;) {
    if (await Promise.resolve().then(check).catch(() => false)) return Math.round(performance.now() - started);
    const reason = opts.abort?.();
    if (reason) throw new Error(`gave up waiting for ${what}: ${reason}`);
    if (performance.now() > deadline) throw new Error(`timed out after ${opts.timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 100));
  }
}

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
