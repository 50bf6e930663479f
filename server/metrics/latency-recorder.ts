import type { Redis } from "ioredis";
import { wallMs } from "@/server/lib/clock";
import { bucketOf, percentiles, type TPercentiles } from "./histogram";

/**
 * Game-run latency per mechanic and action, behind /v1/status. Samples are counted into
 * per-minute log-bucket histograms. With Redis they are flushed every second into shared hashes,
 * so /v1/status on any instance reports all instances; without Redis they stay in this process.
 * Windows use the clock's operational time (`wallMs`), which tests do not move.
 */
const WINDOW_MINUTES = 15;
const FLUSH_MS = 1_000;
const KEY_PREFIX = "metrics:latency:";

type TCounts = Map<string, number>; // field "mechanic|action|bucket" → count

export class LatencyRecorder {
  private pending: TCounts = new Map();
  private readonly local = new Map<number, TCounts>(); // minute → counts (memory mode)
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly store: Redis | null) {}

  record(mechanic: string, action: string, ms: number): void {
    const field = `${mechanic}|${action}|${bucketOf(ms)}`;
    if (!this.store) {
      const minute = Math.floor(wallMs() / 60_000);
      let counts = this.local.get(minute);
      if (!counts) {
        counts = new Map();
        this.local.set(minute, counts);
        for (const m of this.local.keys()) if (m <= minute - WINDOW_MINUTES) this.local.delete(m);
      }
      counts.set(field, (counts.get(field) ?? 0) + 1);
      return;
    }
    this.pending.set(field, (this.pending.get(field) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  async flush(): Promise<void> {
    this.timer = null;
    if (!this.store || this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const key = KEY_PREFIX + Math.floor(wallMs() / 60_000);
    const pipeline = this.store.pipeline();
    for (const [field, n] of batch) pipeline.hincrby(key, field, n);
    pipeline.expire(key, (WINDOW_MINUTES + 2) * 60);
    // Metrics are best effort: a failed flush drops one second of samples, never a request.
    await pipeline.exec().catch(() => undefined);
  }

  /** p50/p95/p99 per mechanic and action over the last 15 minutes. */
  async snapshot(): Promise<Record<string, Record<string, TPercentiles>>> {
    const minute = Math.floor(wallMs() / 60_000);
    const merged: TCounts = new Map();
    const add = (counts: Iterable<[string, number]>) => {
      for (const [f, n] of counts) merged.set(f, (merged.get(f) ?? 0) + n);
    };
    if (this.store) {
      const pipeline = this.store.pipeline();
      for (let m = minute - WINDOW_MINUTES + 1; m <= minute; m++) pipeline.hgetall(KEY_PREFIX + m);
      const results = (await pipeline.exec()) ?? [];
      for (const [err, value] of results) {
        if (!err && value) add(Object.entries(value as Record<string, string>).map(([f, n]) => [f, Number(n)]));
      }
      add(this.pending);
    } else {
      for (const [m, counts] of this.local) if (m > minute - WINDOW_MINUTES) add(counts);
    }
    const grouped = new Map<string, Map<string, Map<number, number>>>();
    for (const [field, n] of merged) {
      const [mechanic, action, bucketText, extra] = field.split("|");
      const bucket = Number(bucketText);
      // A field this version does not write (a made-up action that an older instance labelled
      // during a rolling deploy) is skipped, not read as NaN percentiles.
      if (!mechanic || !action || extra !== undefined || !Number.isInteger(bucket)) continue;
      const byAction = grouped.get(mechanic) ?? new Map<string, Map<number, number>>();
      grouped.set(mechanic, byAction);
      const counts = byAction.get(action) ?? new Map<number, number>();
      byAction.set(action, counts);
      counts.set(bucket, (counts.get(bucket) ?? 0) + n);
    }
    const out: Record<string, Record<string, TPercentiles>> = {};
    for (const [mechanic, byAction] of [...grouped].sort()) {
      out[mechanic] = {};
      for (const [action, counts] of [...byAction].sort()) out[mechanic][action] = percentiles(counts);
    }
    return out;
  }
}
