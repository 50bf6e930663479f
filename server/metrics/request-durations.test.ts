import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { RequestDurations } from "./request-durations";

const NAME = "playloop_http_request_duration_seconds";
const HELP = "HTTP requests by method, route and status";
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The same requests counted by prom-client's own histogram and by RequestDurations, each in a registry of its own. */
function both() {
  const theirs = new Registry();
  const ours = new Registry();
  const histogram = new Histogram({ name: NAME, help: HELP, labelNames: ["method", "route", "status"] as const, buckets: BUCKETS, registers: [theirs] });
  const durations = new RequestDurations(NAME, HELP, BUCKETS).registerIn(ours);
  return {
    theirs,
    ours,
    observe(method: string, route: string, status: number, seconds: number) {
      histogram.observe({ method, route, status }, seconds);
      durations.observe(method, route, status, seconds);
    },
  };
}

describe("RequestDurations", () => {
  it("exports what prom-client's histogram exports for the same requests, text and JSON", async () => {
    const h = both();
    const routes = ["/v1/game-runs/{run_id}/commands", "/v1/lobby", "console pages", "unmatched"];
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 3000; i++) {
      // durations around every bucket bound, on the bounds themselves, and beyond the last one
      const seconds = next() < 0.1 ? BUCKETS[Math.floor(next() * BUCKETS.length)]! : next() < 0.02 ? 10 + next() * 5 : next() ** 3 * 2;
      h.observe(next() < 0.8 ? "POST" : "GET", routes[Math.floor(next() * routes.length)]!, next() < 0.9 ? 200 : 429, seconds);
    }
    const text = await h.ours.metrics();
    expect(text).toBe(await h.theirs.metrics());
    expect(text).toContain(`${NAME}_bucket{le="+Inf",method="POST",route="/v1/lobby",status="200"}`);
    expect(await h.ours.getMetricsAsJSON()).toEqual(await h.theirs.getMetricsAsJSON());
  });

  it("starts again from nothing when the registry resets its metrics", async () => {
    const h = both();
    h.observe("GET", "/v1/lobby", 200, 0.002);
    h.ours.resetMetrics();
    h.theirs.resetMetrics();
    h.observe("POST", "/v1/lobby", 404, 0.02);
    expect(await h.ours.metrics()).toBe(await h.theirs.metrics());
    expect(await h.ours.metrics()).not.toContain('method="GET"');
  });

  it("does not count a duration that is not a finite number", async () => {
    const durations = new RequestDurations(NAME, HELP, BUCKETS);
    durations.observe("GET", "/v1/lobby", 200, Number.NaN);
    durations.observe("GET", "/v1/lobby", 200, Number.POSITIVE_INFINITY);
    expect(durations.get().values).toEqual([]);
  });
});
