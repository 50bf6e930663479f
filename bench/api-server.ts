import { monitorEventLoopDelay, performance, PerformanceObserver } from "node:perf_hooks";
import { createServer } from "@/server/http/server";
import { setupServices } from "@/server/services/setup";
import { startReplayThread } from "@/server/domain/gameplay";

/** The service's own request listener (façade, logging, request ids) without Next.js pages. */
const port = Number(process.argv[2] ?? 3901);
await setupServices({ role: "bench" });
// As the web process (server/http/main.ts): the replay thread compiled beside this file.
// BENCH_REPLAY_THREAD=off replays on the event loop instead (bench:instructions: valgrind runs one
// thread at a time, so a second thread stalls the counted one — see bench/instructions.ts).
if (process.env.BENCH_REPLAY_THREAD !== "off" && !startReplayThread()) console.error("bench: no replay thread (replays on the event loop)");
const trace = process.env.BENCH_TRACE ? await import("./trace-hooks") : null; // round trips per request
const server = createServer();
trace?.traceServer(server);
server.listen(port, "127.0.0.1", () => process.send?.("ready"));
// A normal exit on SIGTERM, so `--cpu-prof` (BENCH_CPU_PROF) gets to write its profile.
process.on("SIGTERM", () => {
  trace?.dumpTrace(process.env.BENCH_TRACE!);
  if (process.listenerCount("SIGTERM") === 1) process.exit(0);
});

// Event-loop utilisation and delay over a phase, on the bench's request ("loop:start" / "loop:stop").
const delay = monitorEventLoopDelay({ resolution: 1 });
let since = performance.eventLoopUtilization();
// Garbage-collection pauses over the phase: a tail that matches them is the collector's.
let gc: number[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gc.push(e.duration);
}).observe({ entryTypes: ["gc"] });
process.on("message", (m) => {
  if (m === "loop:start") {
    delay.reset();
    delay.enable();
    gc = [];
    since = performance.eventLoopUtilization();
  } else if (m === "loop:stop") {
    delay.disable();
    const elu = performance.eventLoopUtilization(since);
    const pauses = [...gc].sort((a, b) => a - b);
    process.send?.({
      type: "loop", utilization: elu.utilization, p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6,
      gc: { count: pauses.length, total: pauses.reduce((a, b) => a + b, 0), max: pauses.at(-1) ?? 0 },
    });
  }
});

// BENCH_ALLOC_PROF=<file>: where the web process allocates during the max-throughput phase (a sampling
// heap profile that keeps the objects the collector freed, so it shows allocation, not what lives).
if (process.env.BENCH_ALLOC_PROF) {
  const { Session } = await import("node:inspector/promises");
  const fs = await import("node:fs");
  const session = new Session();
  session.connect();
  let phase = 0;
  process.on("message", async (m) => {
    if (m === "loop:start" && ++phase === 1) {
      await session.post("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never);
    } else if (m === "loop:stop" && phase === 1) {
      const { profile } = await session.post("HeapProfiler.stopSampling");
      fs.writeFileSync(process.env.BENCH_ALLOC_PROF!, JSON.stringify(profile));
    }
  });
}
