import type { Registry } from "prom-client";

type TSeries = { labels: { method: string; route: string; status: number }; counts: number[]; sum: number; count: number };
type TValue = { labels: Record<string, string | number>; value: number; metricName: string; exemplar?: null };

/**
 * The HTTP requests' duration histogram, exported exactly as prom-client's `Histogram` with the
 * labels `method`, `route`, `status` exports it (same names, help, label order, buckets,
 * cumulative counts, `+Inf`, `_sum`, `_count`: request-durations.test.ts compares the two
 * expositions), counted without its per-observation work: prom-client validates the label object,
 * builds a `name:value,…` key, looks the series up by that string and finds the bucket through
 * number-keyed properties — ~6 k instructions a request, 2 % of a lobby's
 * (`npm run bench:instructions`, 2026-12-04). Here a series is found by three map lookups on values
 * the request already has (the route's label and the method are the same strings every time, the
 * status a number) and counted in an array.
 *
 * A series is kept from its first request for the life of the process, as prom-client's are; the
 * labels are low-cardinality by construction (a route template, not a path).
 */
export class RequestDurations {
  readonly type = "histogram" as const;
  readonly aggregator = "sum" as const;
  private readonly byRoute = new Map<string, Map<string, Map<number, TSeries>>>();
  /** Every series, in the order of its first observation. */
  #order: TSeries[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
  ) {}

  /** One request: its method, route label, status and duration in seconds (a duration that is not a finite number is not counted). */
  observe(method: string, route: string, status: number, seconds: number): void {
    if (!Number.isFinite(seconds)) return;
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = { labels: { method, route, status }, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      byStatus.set(status, series);
      this.#order.push(series);
    }
    for (let i = 0; i < this.buckets.length; i++) {
      if (seconds <= this.buckets[i]!) {
        series.counts[i]!++;
        break;
      }
    }
    series.sum += seconds;
    series.count++;
  }

  /** The samples as a registry reads them, in the order prom-client's histogram gives them (series by first observation). */
  get() {
    const values: TValue[] = [];
    for (const series of this.#order) {
      let acc = 0;
      for (let i = 0; i < this.buckets.length; i++) {
        acc += series.counts[i]!;
        values.push({ labels: { le: this.buckets[i]!, ...series.labels }, value: acc, metricName: `${this.name}_bucket`, exemplar: null });
      }
      values.push({ labels: { le: "+Inf", ...series.labels }, value: series.count, metricName: `${this.name}_bucket`, exemplar: null });
      values.push({ labels: { ...series.labels }, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels: { ...series.labels }, value: series.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.byRoute.clear();
    this.#order = [];
  }

  /** Registers the histogram in `registry`, beside prom-client's own metrics. */
  registerIn(registry: Registry): this {
    registry.registerMetric(this as never);
    return this;
  }
}
