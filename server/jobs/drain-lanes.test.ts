import { describe, expect, it } from "vitest";
import { drainLanes } from "./drain-lanes";

/** A table of `due` items drained `batch` at a time; each drain call is answered when `release` is called. */
function fakeTable(due: number) {
  const state = { due, calls: 0, inFlight: 0, maxInFlight: 0, pending: [] as Array<() => void> };
  const drain = (batch: number) => () =>
    new Promise<number>((resolve) => {
      state.calls++;
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      const taken = Math.min(batch, state.due);
      state.due -= taken;
      state.pending.push(() => {
        state.inFlight--;
        resolve(taken);
      });
    });
  const releaseAll = async () => {
    while (state.pending.length > 0 || state.inFlight > 0) {
      state.pending.splice(0).forEach((r) => r());
      await new Promise((r) => setImmediate(r));
    }
  };
  return { state, drain, releaseAll };
}

describe("drainLanes", () => {
  it("a kick at a trickle runs one lane, one batch", async () => {
    const t = fakeTable(3);
    const lanes = drainLanes({ lanes: 2, batch: 50, drain: t.drain(50) });
    lanes.kick();
    await t.releaseAll();
    expect(t.state).toMatchObject({ due: 0, calls: 1, maxInFlight: 1 });
    expect(lanes.running()).toBe(0);
  });

  it("under a backlog every lane runs, never more than `lanes`, until a batch comes back short", async () => {
    const t = fakeTable(500);
    const lanes = drainLanes({ lanes: 2, batch: 50, drain: t.drain(50) });
    lanes.kick();
    lanes.kick();
    lanes.kick(); // a third kick while two run: one more pass after them, not a third lane
    await t.releaseAll();
    expect(t.state.due).toBe(0);
    expect(t.state.maxInFlight).toBe(2);
    expect(t.state.calls).toBeGreaterThanOrEqual(11); // ten full batches and at least one short one
    expect(lanes.running()).toBe(0);
  });

  it("a kick while every lane runs is not lost: what came after their leases is drained by one more pass", async () => {
    const t = fakeTable(1);
    const lanes = drainLanes({ lanes: 1, batch: 50, drain: t.drain(50) });
    lanes.kick(); // leases the one item
    t.state.due += 1; // written after that lease
    lanes.kick();
    await t.releaseAll();
    expect(t.state).toMatchObject({ due: 0, calls: 2 });
  });

  it("a failing drain ends its lane and reports the error; the next kick tries again", async () => {
    const errors: unknown[] = [];
    let fail = true;
    const lanes = drainLanes({
      lanes: 2,
      batch: 50,
      drain: async () => {
        if (fail) throw new Error("database away");
        return 0;
      },
      onError: (e) => errors.push(e),
    });
    lanes.kick();
    await new Promise((r) => setImmediate(r));
    expect(errors).toHaveLength(1);
    expect(lanes.running()).toBe(0);
    fail = false;
    lanes.kick();
    await new Promise((r) => setImmediate(r));
    expect(errors).toHaveLength(1);
  });

  it("stop waits for the running batch and starts nothing after it", async () => {
    const t = fakeTable(500);
    const lanes = drainLanes({ lanes: 2, batch: 50, drain: t.drain(50) });
    lanes.kick();
    let stopped = false;
    const stopping = lanes.stop().then(() => (stopped = true));
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false); // its batch is still out
    lanes.kick();
    await t.releaseAll();
    await stopping;
    expect(t.state.calls).toBe(1);
    expect(lanes.running()).toBe(0);
  });
});
