/**
 * The one clock. Everything that depends on time (expiry, retries, TOTP steps, rate windows,
 * holds) asks this module, so tests can move time without sleeping.
 */
const CLOCK_KEY = Symbol.for("playloop.clock");
type TGlobal = typeof globalThis & { [CLOCK_KEY]?: { offsetMs: number; fixed: number | null } };
const g = globalThis as TGlobal;
const state = (g[CLOCK_KEY] ??= { offsetMs: 0, fixed: null });

export function nowMs(): number {
  return state.fixed ?? Date.now() + state.offsetMs;
}

export function now(): Date {
  return new Date(nowMs());
}

export function nowSeconds(): number {
  return Math.floor(nowMs() / 1000);
}

/** Tests only: move the clock forward (or back) by `ms`. */
export function advanceClock(ms: number): void {
  if (state.fixed !== null) state.fixed += ms;
  else state.offsetMs += ms;
}

/** Tests only: back to real time (the test helpers call it after every test). */
export function resetClock(): void {
  state.fixed = null;
  state.offsetMs = 0;
}
