import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { TReplayJob } from "./replay-text";

/**
 * The web process's replay thread: a winning move's replay made ahead (verify-run.ts) runs on a
 * worker thread instead of the event loop, which meanwhile answers other requests. A replay is
 * ~0.3–0.45 ms of engine work a claim; on the event loop it stretched the winning command's tail
 * at half load (docs/performance-log.md, 2026-12-06 and 12-07). The thread only computes: an
 * answer is the final state's canonical text, compared in the transaction like any replay.
 *
 * No answer is ever guessed: a thread that throws, exits or does not answer within `timeoutMs`
 * answers null for every replay it holds, is ended, and the next replay starts a fresh one; the
 * transaction then replays the stored commands itself.
 */

/** The thread's answer: the replayed state's canonical text (null: the engine threw). */
export type TThreadAnswer = { stateText: string | null };

type TPending = { worker: Worker; resolve: (a: TThreadAnswer | null) => void; timer: NodeJS.Timeout };

const DEFAULT_TIMEOUT_MS = 1_000;
// A replay holds one small board; a thread past this heap is broken, and ends (answering null).
const HEAP_LIMIT_MB = 64;

class ReplayThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, TPending>();

  constructor(
    private readonly file: string,
    private readonly timeoutMs: number,
  ) {}

  replay(job: TReplayJob): Promise<TThreadAnswer | null> {
    const worker = this.worker ?? this.spawn();
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

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) {
      this.lose(worker);
      await worker.terminate();
    }
  }

  private spawn(): Worker {
    const worker = new Worker(this.file, { resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB } });
    worker.unref(); // never what keeps a process alive
    worker.on("message", (m: { id: number; stateText: string | null }) => this.settle(m.id, { stateText: m.stateText }));
    worker.on("error", () => this.lose(worker));
    worker.on("exit", () => this.lose(worker));
    this.worker = worker;
    return worker;
  }

  private settle(id: number, answer: TThreadAnswer | null): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    p.resolve(answer);
  }

  /** Every replay this thread holds answers null; the next replay starts another thread. */
  private lose(worker: Worker): void {
    if (this.worker === worker) this.worker = null;
    for (const [id, p] of this.pending) if (p.worker === worker) this.settle(id, null);
  }

  /** A replay outlived the timeout: the thread is stuck (or starved); end it rather than queue behind it. */
  private stalled(worker: Worker): void {
    this.lose(worker);
    void worker.terminate();
  }
}

let thread: ReplayThread | null = null;

/**
 * Starts replaying on a thread running `file` (the compiled replay-worker.mjs). False, and replays
 * stay on the event loop, when the file is not there (tests and scripts run from source).
 */
export function startReplayThread(file: string | URL, o: { timeoutMs?: number } = {}): boolean {
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

/** The job replayed on the thread; null when there is none (the caller replays on the event loop). */
export function replayOnThread(job: TReplayJob): Promise<TThreadAnswer | null> | null {
  return thread ? thread.replay(job) : null;
}
