import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { gatheredWakes } from "./wake";

describe("gatheredWakes", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("fires once per queue for every wake-up within the window, gatherMs after the first", () => {
    const fired: Array<[string, number]> = [];
    const { wake } = gatheredWakes(50, (q) => fired.push([q, Date.now()]));
    const t0 = Date.now();
    wake("webhooks.deliver");
    vi.advanceTimersByTime(20);
    wake("webhooks.deliver");
    wake("other.queue");
    vi.advanceTimersByTime(29);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([["webhooks.deliver", t0 + 50]]);
    vi.advanceTimersByTime(20);
    expect(fired).toEqual([["webhooks.deliver", t0 + 50], ["other.queue", t0 + 70]]);
  });

  it("starts a new window with the first wake-up after a fire", () => {
    const fired: string[] = [];
    const { wake } = gatheredWakes(50, (q) => fired.push(q));
    wake("q");
    vi.advanceTimersByTime(50);
    wake("q");
    wake("q");
    vi.advanceTimersByTime(50);
    expect(fired).toEqual(["q", "q"]);
  });

  it("with 0 fires on the next turn of the event loop, still once for wake-ups of the same turn", () => {
    const fired: string[] = [];
    const { wake } = gatheredWakes(0, (q) => fired.push(q));
    wake("q");
    wake("q");
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(fired).toEqual(["q"]);
  });

  it("stop drops what is pending (the worker's next poll finds that work)", () => {
    const fired: string[] = [];
    const { wake, stop } = gatheredWakes(50, (q) => fired.push(q));
    wake("q");
    stop();
    vi.advanceTimersByTime(100);
    expect(fired).toEqual([]);
  });
});
