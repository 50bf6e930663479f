import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { TReplayJob } from "./replay-text";

/**
 * The web process's replay thread: a winning move's replay made ahead (verify-run.ts) runs on a
 * worker thread instead of the event loop, which meanwhile answers other requests. A replay is
 * ~0.3–0.45 ms of engine work a claim; on the event loop it stretched the winning command's tail
 * at half load (docs/performance-log.md, 2026-12-06 evening and night). The thread only computes: an
 * answer is the final state's canonical text, compared in the transaction like any replay.
 *
 * No answer is ever guessed: a thread that throws, exits or does not answer within `timeoutMs`
 * answers null for every replay it holds and is ended; the transaction then replays the stored
 * commands itself. A replacement starts after a back-off (0.1 s, doubling while replacements keep
 * failing, up to 30 s); until a thread is up — at start too — replays stay on the event loop.
 */

/** The thread's answer: the replayed state's canonical text (null: the engine threw). */
export type TThreadAnswer = { stateText: string | null };

type TPending = { worker: Worker; resolve: (a: TThreadAnswer | null) => void; timer: NodeJS.Timeout };

const DEFAULT_TIMEOUT_MS = 1_000;
// A replay holds one small board; a thread past this heap is broken, and ends (answering null).
const HEAP_LIMIT_MB = 64;
// A lost thread is replaced after 0.1 s, doubling while its replacements keep failing, up to 30 s.
const RESPAWN_FIRST_MS = 100;
const RESPAWN_MAX_MS = 30_000;

class ReplayThread {
  /** The thread started last, and whether it is up: replays go to it only once it is. */
  private worker: Worker | null = null;
  private online = false;
  private stopped = false;
  private failures = 0;
  private respawn: NodeJS.Timeout | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, TPending>();
  readonly counts = { started: 0, answered: 0, missed: 0 };
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly file: string,
    private readonly timeoutMs: number,
  ) {
    this.spawn();
  }

  /** Null while no thread is up (starting, or between a lost one and its replacement). */
  replay(job: TReplayJob): Promise<TThreadAnswer | null> | null {
    const worker = this.worker;
    if (!worker || !this.online) return null;
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.stalled(worker), this.timeoutMs);
      timer.unref();
      this.pending.set(id, { worker, resolve, timer });
      try {
        worker.postMessage({ id, ...job });
      } catch {
        this.settle(id, null);
      }
    });
  }

  isUp(): boolean {
    return this.online;
  }

  /** Resolves when a thread is up (tests). */
  whenOnline(): Promise<void> {
    return this.online ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.respawn) clearTimeout(this.respawn);
    const worker = this.worker;
    if (worker) {
      this.lose(worker);
      await worker.terminate();
    }
  }

  private spawn(): void {
    this.respawn = null;
    if (this.stopped) return;
    const worker = new Worker(this.file, { resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB } });
    worker.unref(); // never what keeps a process alive
    this.counts.started++;
    this.worker = worker;
    this.online = false;
    // Its start (a Node environment and the engines' module, ~30 ms) is not waited for: replays
    // stay on the event loop until it is up.
    worker.once("online", () => {
      if (this.worker !== worker) return;
      this.online = true;
      for (const resolve of this.waiting.splice(0)) resolve();
    });
    worker.on("message", (m: { id: number; stateText: string | null }) => {
      this.failures = 0;
      this.settle(m.id, { stateText: m.stateText });
    });
    worker.on("error", () => this.lose(worker));
    worker.on("exit", () => this.lose(worker));
  }

  private settle(id: number, answer: TThreadAnswer | null): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    this.counts[answer ? "answered" : "missed"]++;
    p.resolve(answer);
  }

  /** Every replay the thread holds answers null; a replacement starts after a back-off. */
  private lose(worker: Worker): void {
    for (const [id, p] of this.pending) if (p.worker === worker) this.settle(id, null);
    if (this.worker !== worker) return;
    this.worker = null;
    this.online = false;
    if (this.stopped) return;
    const delay = Math.min(RESPAWN_MAX_MS, RESPAWN_FIRST_MS * 2 ** this.failures);
    this.failures++;
    this.respawn = setTimeout(() => this.spawn(), delay);
    this.respawn.unref();
  }

  /** A replay outlived the timeout: the thread is stuck (or starved); end it rather than queue behind it. */
  private stalled(worker: Worker): void {
    this.lose(worker);
    void worker.terminate();
  }
}

let thread: ReplayThread | null = null;

/**
 * The compiled thread beside the compiled process: bundled (scripts/build-server.ts), this module's
 * `import.meta.url` is the bundle's own (web.mjs, bench-api.mjs), and replay-worker.mjs is built
 * next to it. Run from source it names a file that is not there.
 */
const BESIDE_THE_BUNDLE = new URL("./replay-worker.mjs", import.meta.url);

/**
 * Starts replaying on a thread running `file` (the compiled replay-worker.mjs). False, and replays
 * stay on the event loop, when the file is not there (tests and scripts run from source).
 */
export function startReplayThread(file: string | URL = BESIDE_THE_BUNDLE, o: { timeoutMs?: number } = {}): boolean {
  const path = typeof file === "string" ? file : fileURLToPath(file);
  if (!existsSync(path)) return false;
  void thread?.stop();
  thread = new ReplayThread(path, o.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return true;
}

/** Back to replaying on the event loop (tests). */
export async function stopReplayThread(): Promise<void> {
  const t = thread;
  thread = null;
  await t?.stop();
}

/** The job replayed on the thread; null when none is up (the caller replays on the event loop). */
export function replayOnThread(job: TReplayJob): Promise<TThreadAnswer | null> | null {
  return thread ? thread.replay(job) : null;
}

/** Resolves when the replay thread is up; false at once without one (tests). */
export async function replayThreadOnline(): Promise<boolean> {
  if (!thread) return false;
  await thread.whenOnline();
  return true;
}

/** The replay thread's state for the web process's metrics (server/metrics/collectors.ts). */
export type TReplayThreadCounts = {
  /** 1 while a thread is up and takes replays. */
  up: number;
  /** Since the process started: threads started, replays they answered, and replays they did not (lost or stalled: replayed in the transaction instead). */
  started: number;
  answered: number;
  missed: number;
};

export function replayThreadCounts(): TReplayThreadCounts {
  return thread ? { up: thread.isUp() ? 1 : 0, ...thread.counts } : { up: 0, started: 0, answered: 0, missed: 0 };
}
