import type { TTx } from "@/server/db/tx";
import type { TEconomyConfig } from "@/server/domain/economy/config";
import { awardResource, segmentCostMinor, type TWheelDraft, type TWheelId } from "./draft-model";
import { fallbackSegmentIndex } from "./draw";

export type TSettled = { index: number; substituted: boolean; costMinor: number };

/**
 * Settles where a drawn spin lands, under the wheel's row lock (every spin of the wheel queues
 * here, so two spins can never both take the last of a budget). The drawn segment is kept when
 * its cost fits what is left of today's budget and of the total budget, its caps have room and
 * its resource still exists in the economy; otherwise the spin lands on a no-cost `nothing`
 * segment instead. The counters move in the spin's transaction: a rolled-back spin spends nothing.
 */
export async function settleSpinBudget(
  tx: TTx,
  opts: { projectId: string; wheelId: TWheelId; day: string; config: TWheelDraft; economy: TEconomyConfig; drawnIndex: number; roll: bigint },
): Promise<TSettled> {
  const { config } = opts;
  const total = (
    await tx.query<{ spent_total_minor: string; awards_total: Record<string, number> }>(
      "SELECT spent_total_minor, awards_total FROM wheel WHERE project_id = $1 AND wheel_id = $2 FOR UPDATE",
      [opts.projectId, opts.wheelId],
    )
  ).rows[0]!;
  // Returns today's row whether it was just created or not (the no-op update makes RETURNING see it).
  const today = (
    await tx.query<{ spent_minor: string; awards: Record<string, number> }>(
      `INSERT INTO wheel_day (project_id, wheel_id, day) VALUES ($1, $2, $3::date)
       ON CONFLICT (project_id, wheel_id, day) DO UPDATE SET spins = wheel_day.spins RETURNING spent_minor, awards`,
      [opts.projectId, opts.wheelId, opts.day],
    )
  ).rows[0]!;

  const drawn = config.segments[opts.drawnIndex]!;
  const cost = segmentCostMinor(config, drawn);
  const resource = awardResource(drawn.award);
  const fits =
    Number(today.spent_minor) + cost <= config.budget_daily_minor &&
    Number(total.spent_total_minor) + cost <= config.budget_total_minor &&
    (drawn.caps.daily === null || (today.awards[drawn.id] ?? 0) < drawn.caps.daily) &&
    (drawn.caps.total === null || (total.awards_total[drawn.id] ?? 0) < drawn.caps.total) &&
    (resource === null || opts.economy.resources.some((r) => r.id === resource));
  const settled: TSettled = fits ? { index: opts.drawnIndex, substituted: false, costMinor: cost } : { index: fallbackSegmentIndex(config.segments, opts.roll), substituted: true, costMinor: 0 };

  const landed = config.segments[settled.index]!.id;
  await tx.query(
    `WITH t AS (
       UPDATE wheel SET spent_total_minor = spent_total_minor + $4,
              awards_total = jsonb_set(awards_total, ARRAY[$5::text], to_jsonb(COALESCE((awards_total->>$5)::int, 0) + 1))
        WHERE project_id = $1 AND wheel_id = $2)
     UPDATE wheel_day SET spins = spins + 1, spent_minor = spent_minor + $4,
            awards = jsonb_set(awards, ARRAY[$5::text], to_jsonb(COALESCE((awards->>$5)::int, 0) + 1))
      WHERE project_id = $1 AND wheel_id = $2 AND day = $3::date`,
    [opts.projectId, opts.wheelId, opts.day, settled.costMinor, landed],
  );
  return settled;
}
