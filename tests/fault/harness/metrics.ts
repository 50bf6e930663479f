import parsePrometheusTextFormat from "parse-prometheus-text-format";
import type { TServiceProcess } from "./processes";

/** The token the scenarios that scrape /metrics start their processes with (METRICS_TOKEN). */
export const FAULT_METRICS_TOKEN = "fault-suite-metrics-token-0123456789";

/**
 * The sum over `processes` of the samples of counter or gauge `name` whose labels include
 * `labels`, scraped from each process's /metrics and read with an exposition-format parser.
 */
export async function scrapedSum(processes: TServiceProcess[], name: string, labels: Record<string, string> = {}): Promise<number> {
  let sum = 0;
  for (const p of processes) {
    const res = await fetch(`${p.url}/metrics`, { headers: { authorization: `Bearer ${FAULT_METRICS_TOKEN}` } });
    if (res.status !== 200) throw new Error(`${p.name} /metrics: ${res.status}`);
    const family = parsePrometheusTextFormat(await res.text()).find((f) => f.name === name);
    for (const m of family?.metrics ?? []) if (Object.entries(labels).every(([k, v]) => m.labels?.[k] === v)) sum += Number(m.value ?? 0);
  }
  return sum;
}
