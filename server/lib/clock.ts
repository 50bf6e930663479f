/**
 * The one clock. Everything that depends on time asks this module:
 * - domain time (`now`, `nowMs`, `nowSeconds`): expiry, retries, TOTP steps, holds, quotas. Tests
 *   move it with `advanceClock` instead of sleeping; rate-limit windows are kept by the limiter's
 *   store (Redis or memory) and do not move with it.
 * - operational time (`wallMs`): metrics windows and uptime. Deliberately not movable, so a test
 *   that moves domain time cannot shift operational measurements.
 */
const state = { offsetMs: 0 };

export function nowMs(): number {
  return Date.now() + state.offsetMs;
}

export function now(): Date {
  return new Date(nowMs());
}

export function nowSeconds(): number {
  return Math.floor(nowMs() / 1000);
}

/** Real wall time for operational metrics (never moved by tests). */
export function wallMs(): number {
  return Date.now();
}

/** Tests only: move domain time forward (or back) by `ms`. */
export function advanceClock(ms: number): void {
  state.offsetMs += ms;
}

/** Tests only: back to real time (the test setup calls it after every test). */
export function resetClock(): void {
  state.offsetMs = 0;
}
