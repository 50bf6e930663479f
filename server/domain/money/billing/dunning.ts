import { config } from "@/server/config/env";
import { pool } from "@/server/db/client";
import { withTransaction, type TTx } from "@/server/db/tx";
import { writeAudit } from "@/server/domain/identity";
import { billingState } from "./billing-account";
import { lapsingAt, planAfterLapse, planAfterPayment, type TUnpaidInvoice } from "./dunning-model";
import type { TInvoiceRow } from "./invoice-model";
import type { TPlan } from "./plans";

const DAY_MS = 86_400_000;

/** The account's unpaid invoices (locked with `lock`, inside `tx`). */
export async function unpaidInvoices(q: TTx, accountId: string, lock = false): Promise<TUnpaidInvoice[]> {
  const { rows } = await q.query<TUnpaidInvoice>(
    `SELECT id, plan_id, fallback_plan_id, total_cents, due_at, lapsed_at FROM invoice WHERE account_id = $1 AND status = 'issued' ORDER BY due_at${lock ? " FOR UPDATE" : ""}`,
    [accountId],
  );
  return rows;
}

/** The account's plan becomes `plan`; a downgrade still pending stays only when it is to a cheaper plan. */
async function setPlan(tx: TTx, accountId: string, plan: TPlan, pending: TPlan | null, at: Date): Promise<void> {
  const keep = pending && pending.price_cents < plan.price_cents ? pending.plan_id : null;
  await tx.query("UPDATE billing_account SET plan_id = $2, pending_plan_id = $3, plan_changed_at = $4, updated_at = $4 WHERE account_id = $1", [accountId, plan.plan_id, keep, at]);
}

/**
 * The dunning job: for every account with an invoice unpaid BILLING_GRACE_DAYS past its due date
 * and a plan it bought, the plan is taken back (the account returns to the invoice's fallback
 * plan), the invoice records when, and an audit entry says why. One transaction per account,
 * under its billing row's lock, as plan changes take it.
 */
export async function takeBackUnpaidPlans(at: Date): Promise<{ accounts: number; invoices: number }> {
  const grace = config().billing.graceDays;
  const { rows } = await pool().query<{ account_id: string }>(
    "SELECT DISTINCT account_id FROM invoice WHERE status = 'issued' AND lapsed_at IS NULL AND due_at <= $1",
    [new Date(at.getTime() - grace * DAY_MS)],
  );
  let invoices = 0;
  for (const { account_id: accountId } of rows) {
    invoices += await withTransaction(async (tx) => {
      const state = await billingState({ accountId, tx, lock: true });
      const lapsing = lapsingAt(await unpaidInvoices(tx, accountId, true), at, grace);
      if (lapsing.length === 0) return 0; // paid meanwhile
      await tx.query("UPDATE invoice SET lapsed_at = $2 WHERE id = ANY($1::uuid[])", [lapsing.map((i) => i.id), at]);
      const plan = planAfterLapse(state.plan, lapsing);
      if (plan.plan_id !== state.plan.plan_id) await setPlan(tx, accountId, plan, state.pendingPlan, at);
      await writeAudit({
        tx, at, accountId, action: "billing.plan_taken_back",
        metadata: { from: state.plan.plan_id, to: plan.plan_id, invoice_ids: lapsing.map((i) => i.id), grace_days: grace },
      });
      return lapsing.length;
    });
  }
  return { accounts: rows.length, invoices };
}

/** After `paid` (locked, just marked paid in `tx`): the plan it bought comes back if it had been taken back for it. */
export async function restorePlanAfterPayment(tx: TTx, paid: TInvoiceRow, at: Date): Promise<void> {
  if (!paid.lapsed_at) return;
  const state = await billingState({ accountId: paid.account_id, tx, lock: true });
  const stillLapsed = (await unpaidInvoices(tx, paid.account_id)).filter((i) => i.lapsed_at);
  const plan = planAfterPayment(state.plan, paid, stillLapsed);
  if (plan.plan_id === state.plan.plan_id) return;
  await setPlan(tx, paid.account_id, plan, state.pendingPlan, at);
  await writeAudit({ tx, at, accountId: paid.account_id, action: "billing.plan_restored", targetType: "invoice", targetId: paid.id, metadata: { from: state.plan.plan_id, to: plan.plan_id } });
}
