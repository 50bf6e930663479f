import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dur, hold, motion, wait } from "./motion";

/** Whether `p` has settled after the fake clock moved `ms`. */
async function settledAfter(p: Promise<void>, ms: number): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(ms);
  return done;
}

describe("motion", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    motion.reduced = false;
    motion.speed = 1;
  });

  it("reduced motion takes the movement away: an animation's time is none", async () => {
    motion.reduced = true;
    expect(dur(380)).toBe(0);
    expect(await settledAfter(wait(380), 0)).toBe(true);
  });

  it("reduced motion never takes the look away: a hold lasts its whole time", async () => {
    motion.reduced = true;
    const look = hold(1600);
    expect(await settledAfter(look, 1599)).toBe(false);
    expect(await settledAfter(look, 1)).toBe(true);
  });

  it("a slow device shortens animations, not holds", async () => {
    motion.speed = 0.5;
    expect(await settledAfter(wait(400), 200)).toBe(true);
    const look = hold(650);
    expect(await settledAfter(look, 649)).toBe(false);
    expect(await settledAfter(look, 1)).toBe(true);
  });
});
