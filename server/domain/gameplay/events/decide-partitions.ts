/**
 * Which monthly partitions of player_event to create and which to drop (migration 0035): pure, given
 * the months that exist, the time, the retention and how far ahead to keep. Months are UTC.
 */

/** `2026_11` → the month's first instant; null for a name that is not a month partition. */
export function partitionMonth(name: string): Date | null {
  const m = /^player_event_(\d{4})_(\d{2})$/.exec(name);
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? new Date(Date.UTC(Number(m[1]), month - 1, 1)) : null;
}

export function partitionName(monthStart: Date): string {
  return `player_event_${monthStart.getUTCFullYear()}_${String(monthStart.getUTCMonth() + 1).padStart(2, "0")}`;
}

function addMonths(d: Date, n: number): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
}

/**
 * Raw events older than `retentionMonths` calendar months before `now` have expired (the same
 * instant of the day, `retentionMonths` months earlier, clamped to the month's end). A month's
 * partition is dropped once all of it has expired — its end is at or before the cutoff — so an
 * event is kept at least `retentionMonths` months and at most one month longer. The months from
 * the current one to `aheadMonths` ahead are created when missing.
 */
export function decidePartitions(opts: { existing: string[]; now: Date; retentionMonths: number; aheadMonths: number }): { create: Date[]; drop: string[]; cutoff: Date } {
  const n = opts.now;
  const target = new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() - opts.retentionMonths, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const cutoff = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(n.getUTCDate(), lastDay), n.getUTCHours(), n.getUTCMinutes(), n.getUTCSeconds(), n.getUTCMilliseconds()));
  const have = new Set(opts.existing);
  const current = new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), 1));
  const create: Date[] = [];
  for (let i = 0; i <= opts.aheadMonths; i++) {
    const m = addMonths(current, i);
    if (!have.has(partitionName(m))) create.push(m);
  }
  const drop = opts.existing
    .filter((name) => {
      const start = partitionMonth(name);
      return start !== null && addMonths(start, 1).getTime() <= cutoff.getTime();
    })
    .sort();
  return { create, drop, cutoff };
}
