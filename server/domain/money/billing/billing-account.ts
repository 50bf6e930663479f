import { pool } from "@/server/db/client";
import type { TTx } from "@/server/db/tx";
import { DEFAULT_PLAN_ID, planById, type TPlan } from "./plans";

/** `periodUpgradedAt`: the time of the first upgrade in the latest period that had one; `periodPlan`: the plan that period began on. */
export type TBillingState = { plan: TPlan; pendingPlan: TPlan | null; planChangedAt: Date | null; periodPlan: TPlan | null; periodUpgradedAt: Date | null };

/** The account's plan (the free plan when it never chose one) and a downgrade waiting for the next period. `lock` takes the row lock (inside `tx`). */
export async function billingState(opts: { accountId: string; tx?: TTx; lock?: boolean }): Promise<TBillingState> {
  const q = opts.tx ?? pool();
  const { rows } = await q.query<{ plan_id: string; pending_plan_id: string | null; plan_changed_at: Date; period_plan_id: string | null; period_upgraded_at: Date | null }>(
    `SELECT plan_id, pending_plan_id, plan_changed_at, period_plan_id, period_upgraded_at FROM billing_account WHERE account_id = $1${opts.lock ? " FOR UPDATE" : ""}`,
    [opts.accountId],
  );
  const row = rows[0];
  return {
    plan: planById(row?.plan_id ?? DEFAULT_PLAN_ID) ?? planById(DEFAULT_PLAN_ID)!,
    pendingPlan: row?.pending_plan_id ? planById(row.pending_plan_id) : null,
    planChangedAt: row?.plan_changed_at ?? null,
    periodPlan: row?.period_plan_id ? planById(row.period_plan_id) : null,
    periodUpgradedAt: row?.period_upgraded_at ?? null,
  };
}
