import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/**
 * How much nicer than the web process's event loop its replay thread runs (Linux: a thread has a
 * nice value of its own, set by its thread id). At the same priority, a replay posted to the
 * sleeping thread woke it onto the CPU the event loop was on and the scheduler ran it there in the
 * loop's place: on a busy machine the loop waited out the very replay it had handed over (the web
 * process's CPU profile, rewards scenario at half load: ~0.33 ms of the loop's time a claim inside
 * `postMessage`; ~0.09 ms at nice +10; docs/performance-log.md, 2026-12-07). Nicer, the woken
 * thread takes an idle CPU or its fair share instead. Too nice, and the claim waits for its
 * replay: at +10 (about a tenth of the loop's weight) a claim's insert more often left only after
 * the command's write was answered; +5 (about a third) trades some of the loop's time for a
 * shorter claim (the measurements: performance-log.md, 2026-12-07, afternoon).
 */
export const REPLAY_THREAD_NICER = 5;

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
