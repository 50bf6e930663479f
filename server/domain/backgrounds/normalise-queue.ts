import { AppError } from "@/server/errors/app-error";

/**
 * At most two image normalisations run at a time in this process (each holds a decoded image of up
 * to 64 MiB and a CPU core); two more may wait their turn. Anything beyond is refused at once with
 * 429 and `Retry-After: 1` rather than queued without bound.
 */
const MAX_RUNNING = 2;
const MAX_WAITING = 2;

let running = 0;
const waiting: Array<() => void> = [];
let hold: Promise<void> | null = null;

export async function withNormalisationSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) {
      throw new AppError("rate_limited", "Two images are already being processed; try again in a second", { headers: { "Retry-After": "1" } });
    }
    await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over, `running` unchanged
  } else {
    running++;
  }
  try {
    if (hold) await hold;
    return await fn();
  } finally {
    const wake = waiting.shift();
    if (wake) wake();
    else running--;
  }
}

/** For tests and metrics: how many normalisations run and wait right now. */
export function normalisationLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

/** Test hook: normalisations that got a slot wait until the returned function is called. */
export function holdNormalisationsForTest(): () => void {
  let release!: () => void;
  hold = new Promise<void>((resolve) => (release = resolve));
  return () => {
    hold = null;
    release();
  };
}
