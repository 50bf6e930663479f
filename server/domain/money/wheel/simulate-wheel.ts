import { withTransaction } from "@/server/db/tx";
import { findOwnedProject } from "@/server/domain/identity";
import { now } from "@/server/lib/clock";
import { expectedCostPerSpin, segmentCostMinor, type TWheelId } from "./draft-model";
import { drawSegmentIndex, randomRolls } from "./draw";
import { measureSpinRate, forecastPacing } from "./pacing";
import { readDay, ensureWheels, readTimezone, readWheelRow } from "./wheel-store";

export const SIMULATION_DRAWS = 10_000;

/**
 * Draws 10 000 results from the draft with the real draw function and CSPRNG rolls, and writes
 * nothing: no spin, no counter, no ledger row. Budgets and caps are left out of the draws (the
 * raw distribution is what the weights say); pacing then shows how long the total budget lasts
 * at the observed spin rate of the last 7 days, or at `spins_per_day` when given.
 */
export async function simulateWheel(opts: { accountId: string; projectId: string; wheelId: TWheelId; spinsPerDay?: number }) {
  const project = await findOwnedProject(opts);
  const { wheel, observed } = await withTransaction(async (tx) => {
    await ensureWheels(tx, project);
    const wheel = await readWheelRow(tx, project.id, opts.wheelId);
    const today = await readDay(tx, now(), await readTimezone(tx, project.id));
    return { wheel, observed: await measureSpinRate(tx, project.id, opts.wheelId, today) };
  });
  const draft = wheel.draft;
  const counts = draft.segments.map(() => 0);
  for (const roll of randomRolls(SIMULATION_DRAWS)) counts[drawSegmentIndex(draft.segments, roll)]!++;
  const totalWeight = draft.segments.reduce((n, s) => n + s.weight, 0);
  const costs = draft.segments.map((s) => segmentCostMinor(draft, s));
  const expected = expectedCostPerSpin(draft);
  return {
    wheel_id: opts.wheelId,
    draft_hash: wheel.draft_hash,
    draws: SIMULATION_DRAWS,
    distribution: draft.segments.map((s, i) => ({ segment_id: s.id, label: s.label, weight: s.weight, expected_share: s.weight / totalWeight, count: counts[i]!, share: counts[i]! / SIMULATION_DRAWS, cost_minor: costs[i]! })),
    expected_cost_per_spin_minor: expected,
    sample_cost_per_spin_minor: counts.reduce((n, c, i) => n + c * costs[i]!, 0) / SIMULATION_DRAWS,
    pacing: {
      ...forecastPacing({
        expectedCostPerSpinMinor: expected,
        spinsPerDay: opts.spinsPerDay ?? observed,
        budgetDailyMinor: draft.budget_daily_minor,
        budgetTotalMinor: draft.budget_total_minor,
        spentTotalMinor: wheel.spent_total_minor,
      }),
      spins_per_day_source: opts.spinsPerDay === undefined ? ("observed_7d" as const) : ("request" as const),
      spent_total_minor: wheel.spent_total_minor,
    },
  };
}
