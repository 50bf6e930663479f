import parsePrometheusTextFormat from "parse-prometheus-text-format";
import type { TWinCheckCounts } from "@/server/domain/gameplay";
import { send } from "./lib";

/** What the soak reads from a process's /metrics (prom-client's defaults and the service's gauges). */
export type TProcessSample = { rss: number; heapUsed: number; handles: number; poolTotal: number; poolWaiting: number; queueWaiting: number; outboxQueued: number };

/** One process's /metrics (bearer METRICS_TOKEN), read with an exposition-format parser: a family's values summed over the series matching `labels`. */
async function readMetrics(url: string, token: string): Promise<(name: string, labels?: Record<string, string>) => number> {
  const res = await send(url, "GET", { authorization: `Bearer ${token}` });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  const families = new Map(parsePrometheusTextFormat(res.text).map((f) => [f.name, f.metrics]));
  return (name, labels = {}) =>
    (families.get(name) ?? []).filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v)).reduce((n, m) => n + Number(m.value ?? 0), 0);
}

/** What the soak reads from a process's /metrics. */
export async function scrapeProcess(url: string, token: string): Promise<TProcessSample> {
  const sum = await readMetrics(url, token);
  return {
    rss: sum("playloop_process_resident_memory_bytes"),
    heapUsed: sum("playloop_nodejs_heap_size_used_bytes"),
    handles: sum("playloop_nodejs_active_handles_total"),
    poolTotal: sum("playloop_db_pool_connections", { state: "total" }),
    poolWaiting: sum("playloop_db_pool_connections", { state: "waiting" }),
    queueWaiting: sum("playloop_job_queue_depth", { state: "waiting" }),
    outboxQueued: sum("playloop_webhook_outbox", { measure: "queued" }),
  };
}

/** How the web process checked claim-making wins since it started (playloop_win_checks: own_state, ahead_thread, ahead_loop, transaction). */
export async function scrapeWinChecks(url: string, token: string): Promise<TWinCheckCounts> {
  const sum = await readMetrics(url, token);
  const way = (w: string) => sum("playloop_win_checks", { way: w });
  return { own_state: way("own_state"), ahead_thread: way("ahead_thread"), ahead_loop: way("ahead_loop"), transaction: way("transaction") };
}

/** The web process's replay thread since it started: replays it answered, and missed (lost or stalled: made again in the transaction). */
export async function scrapeReplayThread(url: string, token: string): Promise<{ answered: number; missed: number }> {
  const sum = await readMetrics(url, token);
  return { answered: sum("playloop_replay_thread", { measure: "answered" }), missed: sum("playloop_replay_thread", { measure: "missed" }) };
}
