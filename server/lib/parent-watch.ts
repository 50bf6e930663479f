/**
 * Stops a process whose parent went away. `npm start` does not pass SIGTERM on to its child,
 * and a supervisor killed with SIGKILL cannot stop its children: both would leave orphans
 * holding ports and the embedded database. Polling the parent pid is cheap and catches both.
 */
export function stopWhenOrphaned(stop: () => void, intervalMs = 1_000): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      stop();
    }
  }, intervalMs);
  timer.unref();
}
