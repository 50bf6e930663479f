/**
 * Log-bucketed latency histogram: bucket i holds values up to BASE * GROWTH^i ms. Bucket counts
 * add up across windows and instances, so percentiles can be computed from merged counts (which
 * raw samples or averages cannot). Precision is one bucket (±7.5%).
 */
const BASE_MS = 0.05;
const GROWTH = 1.15;
const BUCKETS = 110; // 0.05 ms … ~250 s

export function bucketOf(ms: number): number {
  if (!(ms > BASE_MS)) return 0;
  return Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / BASE_MS) / Math.log(GROWTH)));
}

export function upperBoundMs(bucket: number): number {
  return BASE_MS * GROWTH ** bucket;
}

export type TPercentiles = { count: number; p50: number; p95: number; p99: number };

export function percentiles(counts: ReadonlyMap<number, number>): TPercentiles {
  const entries = [...counts.entries()].filter(([, c]) => c > 0).sort((a, b) => a[0] - b[0]);
  const total = entries.reduce((s, [, c]) => s + c, 0);
  const at = (q: number) => {
    if (total === 0) return 0;
    const rank = Math.ceil(q * total);
    let seen = 0;
    for (const [bucket, c] of entries) {
      seen += c;
      if (seen >= rank) return round(upperBoundMs(bucket));
    }
    return round(upperBoundMs(entries[entries.length - 1]![0]));
  };
  return { count: total, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

function round(ms: number): number {
  return ms < 10 ? Math.round(ms * 100) / 100 : Math.round(ms * 10) / 10;
}
