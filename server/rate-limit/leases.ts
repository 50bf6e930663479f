/**
 * Leased points: a shared (Redis) fixed-window limit counted in blocks instead of one round trip
 * per request. A process that needs a point takes a block of them from the shared counter in one
 * atomic increment (the same counter, key and window every instance uses) and hands them out to
 * its own requests until the block or the window is spent. The shared counter counts every leased
 * point, so all instances together never let more through than the limit; what a block costs is
 * that points leased by one instance and not yet used there are not available to another, so a
 * key whose requests are spread over several instances can be refused before the limit by what the
 * others still hold: at most an eighth of the limit each (a block taken at the start of a window, then no
 * more requests there). Blocks shrink as the window fills (a quarter of what was left, down to one
 * point), so near the limit the margin is a point or two. Once the store refuses a block, the rest
 * of that window is refused here without asking again (a client over its limit costs no round
 * trips, and its concurrent requests do not queue one behind another's question); a point given
 * back on another instance is therefore seen here only in the next window.
 *
 * The decisions are pure (leaseSize, grantedOf); LeaseBook keeps the blocks of one process.
 */

/** A block's size: a quarter of what the window had left when last asked, 1 … max. */
export function leaseSize(max: number, remaining: number): number {
  return Math.max(1, Math.min(max, Math.floor(remaining / 4)));
}

/** How many points of a block of `size` are granted when the shared counter reads `consumedAfter` once it is added. */
export function grantedOf(points: number, size: number, consumedAfter: number): number {
  return Math.max(0, Math.min(size, points - (consumedAfter - size)));
}

/** The largest block a policy's window leases: an eighth of its points, at most 32; 1 means "never lease". */
export function maxLeaseOf(points: number): number {
  return Math.max(1, Math.min(32, Math.floor(points / 8)));
}

/** What the shared store answered for a block: its counter after the increment and the window's time left. */
export type TLeaseAnswer = { consumedAfter: number; msBeforeNext: number };

type TLease = {
  left: number;
  /** When the window the points belong to ends (this process's clock; taken from before the question was sent, so never later than the store's). */
  endsAt: number;
  nextSize: number;
  /** A block on its way: requests that find no point left wait for it rather than asking again. */
  pending: Promise<void> | null;
  /** The store refused the last block: the window is spent, and the rest of it is refused here without asking again. */
  refused: boolean;
  /** The store failed to answer the block's question: the requests that waited for it fail with the same error (each asking again would fail them one after another). */
  failure?: unknown;
};

export type TLeaseResult = { allowed: true } | { allowed: false; msBeforeNext: number };

const SWEEP_EVERY_MS = 5_000;
const ALLOWED: TLeaseResult = Object.freeze({ allowed: true });

export class LeaseBook {
  readonly #leases = new Map<string, TLease>();
  #sweeper: ReturnType<typeof setInterval> | null = null;

  /**
   * `clock`: a monotonic clock in ms (the store's windows are measured as durations from when a
   * question was sent, so a wall clock stepped back by NTP would stretch them).
   */
  constructor(private readonly clock: () => number = () => performance.now()) {}

  /**
   * One point for `id` (a policy window and key): from this process's block when it has one in the
   * current window, else from a new block asked with `ask(size)`. `ask` rejects when the store
   * fails; the caller decides what that means (fail closed).
   */
  async take(id: string, points: number, max: number, ask: (size: number) => Promise<TLeaseAnswer>): Promise<TLeaseResult> {
    for (;;) {
      if (this.takeNow(id)) return ALLOWED;
      const at = this.clock();
      let lease = this.#leases.get(id);
      if (lease && lease.endsAt <= at) {
        this.#leases.delete(id);
        lease = undefined;
      }
      if (lease?.pending) {
        const waited = lease;
        await waited.pending;
        if (waited.failure !== undefined) throw waited.failure;
        continue;
      }
      if (lease?.refused) return { allowed: false, msBeforeNext: lease.endsAt - at };
      return this.#lease(id, lease, points, max, at, ask);
    }
  }

  /**
   * take()'s first step, without waiting: a point from this process's block of `id` for the window
   * now, or false when there is none (no block, the block spent, its window over) — then take()
   * decides. Most requests of a leased policy end here (rate-limiter.ts calls it directly).
   */
  takeNow(id: string): boolean {
    const lease = this.#leases.get(id);
    if (lease === undefined || lease.left <= 0 || lease.endsAt <= this.clock()) return false;
    lease.left--;
    return true;
  }

  async #lease(id: string, known: TLease | undefined, points: number, max: number, sentAt: number, ask: (size: number) => Promise<TLeaseAnswer>): Promise<TLeaseResult> {
    const size = known?.nextSize ?? leaseSize(max, points);
    const lease: TLease = known ?? { left: 0, endsAt: Number.POSITIVE_INFINITY, nextSize: size, pending: null, refused: false };
    let done!: () => void;
    lease.pending = new Promise<void>((resolve) => (done = resolve));
    if (!known) this.#leases.set(id, lease);
    lease.failure = undefined;
    this.#armSweeper();
    try {
      const answer = await ask(size);
      const granted = grantedOf(points, size, answer.consumedAfter);
      lease.endsAt = sentAt + answer.msBeforeNext;
      lease.nextSize = leaseSize(max, points - answer.consumedAfter);
      lease.refused = granted === 0;
      if (granted === 0) {
        lease.left = 0;
        return { allowed: false, msBeforeNext: answer.msBeforeNext };
      }
      lease.left += granted - 1;
      return { allowed: true };
    } catch (e) {
      lease.failure = e;
      if (this.#leases.get(id) === lease) this.#leases.delete(id);
      throw e;
    } finally {
      lease.pending = null;
      done();
    }
  }

  /** Gives a point back to this process's block (a request the limit turned out not to count); false when there is none for the window now. */
  giveBack(id: string): boolean {
    const lease = this.#leases.get(id);
    if (!lease || lease.endsAt <= this.clock()) return false;
    lease.left++;
    lease.refused = false;
    return true;
  }

  /** Forgets a block (a reset, a player's erasure). */
  drop(id: string): void {
    this.#leases.delete(id);
  }

  has(id: string): boolean {
    return this.#leases.has(id);
  }

  get size(): number {
    return this.#leases.size;
  }

  /** Drops the blocks of windows that ended (on the sweeper's timer). */
  #sweep(at: number): void {
    for (const [id, lease] of this.#leases) if (lease.endsAt <= at && !lease.pending) this.#leases.delete(id);
  }

  /**
   * A timer that sweeps while the book holds anything, so the keys of an idle process's blocks
   * (which name players and addresses) go when their windows end, not when the next block is taken.
   * Unref'd: it never keeps the process alive; it stops once the book is empty.
   */
  #armSweeper(): void {
    if (this.#sweeper) return;
    this.#sweeper = setInterval(() => {
      this.#sweep(this.clock());
      if (this.#leases.size === 0 && this.#sweeper) {
        clearInterval(this.#sweeper);
        this.#sweeper = null;
      }
    }, SWEEP_EVERY_MS);
    this.#sweeper.unref?.();
  }
}
