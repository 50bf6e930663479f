import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/**
 * How much nicer than the web process's event loop its replay thread runs (Linux: a thread has a
 * nice value of its own, set by its thread id). At the same priority, a replay posted to the
 * sleeping thread woke it onto the CPU the event loop was on and the scheduler ran it there in the
 * loop's place: on a busy machine the loop waited out the very replay it had handed over (the web
 * process's CPU profile, rewards scenario at half load: ~0.33 ms of the loop's time a claim inside
 * `postMessage`; ~0.09 ms at nice +10; docs/performance-log.md, 2026-12-07). Nicer, the woken
 * thread takes an idle CPU or its fair share instead: +10 is about a tenth of the loop's weight,
 * still far more CPU than replays need (~0.4 ms a claim).
 */
export const REPLAY_THREAD_NICER = 10;

/** Lowers the calling thread's priority by `nicer` (up to the lowest, 19). */
export function lowerThisThreadsPriority(nicer: number = REPLAY_THREAD_NICER): void {
  if (nicer <= 0) return;
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop()); // "<pid>/task/<tid>"
    setPriority(tid, Math.min(19, getPriority(tid) + nicer));
  } catch {
    // Not Linux (no /proc/thread-self), or not allowed: the thread runs at the process's priority.
  }
}
