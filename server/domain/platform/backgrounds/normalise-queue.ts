import { AppError } from "@/server/errors/app-error";

/**
 * At most two image normalisations run at a time in this process (each holds a decoded image of up
 * to 64 MiB and a CPU core). With two running, another upload is refused at once with 429 and
 * `Retry-After: 1`, as the spec's error table says, rather than left waiting.
 */
const MAX_RUNNING = 2;

let running = 0;
let hold: Promise<void> | null = null;

export async function withNormalisationSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) {
    throw new AppError("rate_limited", "Two images are already being processed; try again in a second", { headers: { "Retry-After": "1" } });
  }
  running++;
  try {
    if (hold) await hold;
    return await fn();
  } finally {
    running--;
  }
}

/** For tests and metrics: how many normalisations run right now. */
export function normalisationLoad(): { running: number } {
  return { running };
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
