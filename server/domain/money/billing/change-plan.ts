import { withTransaction } from "@/server/db/tx";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { writeAudit } from "@/server/domain/identity";
import { billingState } from "./billing-account";
import { unpaidInvoices } from "./dunning";
import { upgradeBlockers } from "./dunning-model";
import { serializeInvoice } from "./invoice-model";
import { insertInvoice } from "./invoice-store";
import { paymentsPossible } from "./payment-provider";
import { billingPeriod, planById, prorationCents, prorationLine } from "./plans";

/**
 * Changes the account's plan.
 * - Upgrade (a higher price): effective at once; the price difference for the rest of the
 *   calendar month is issued as a proration invoice now (nothing when it rounds to zero), due
 *   BILLING_DUE_DAYS later; unpaid past its grace the account returns to the plan it upgraded
 *   from (dunning.ts). Refused (409) where nothing can pay for it: production without a provider,
 *   and while an invoice is past due (`payment_past_due`: pay it first).
 * - Downgrade: effective at the start of the next period (the current one is paid for); until
 *   then the higher plan's allowance stays. No refund.
 * - The current plan again: nothing changes, except that a pending downgrade is cancelled.
 * Plan row, invoice and audit entry commit together; concurrent changes serialize on the row.
 */
export async function changePlan(opts: { accountId: string; planId: string; requestId?: string }) {
  const target = planById(opts.planId);
  if (!target) throw new AppError("validation_error", `Unknown plan_id; one of: free, growth, scale`);
  return withTransaction(async (tx) => {
    const at = now();
    // The row exists from the first change on; create it (on the free plan) so the lock below always has a row.
    await tx.query(`INSERT INTO billing_account (account_id, plan_id, plan_changed_at, opened_at, updated_at) VALUES ($1, 'free', $2, $2, $2) ON CONFLICT (account_id) DO NOTHING`, [opts.accountId, at]);
    const state = await billingState({ accountId: opts.accountId, tx, lock: true });
    const { start, end } = billingPeriod(at);
    let change: "none" | "upgrade" | "downgrade" = "none";
    let invoice = null;
    let effectiveAt = at;
    if (target.plan_id === state.plan.plan_id) {
      await tx.query(`UPDATE billing_account SET pending_plan_id = NULL, updated_at = $2 WHERE account_id = $1`, [opts.accountId, at]);
    } else if (target.price_cents > state.plan.price_cents) {
      // Never granted for free: with nothing to pay with (production without a provider) a paid plan is refused.
      if (!paymentsPossible()) {
        throw new AppError("conflict", "No payment provider is configured (PAYMENT_PROVIDER): a paid plan cannot be paid for on this deployment", { details: { reason: "no_payment_provider" } });
      }
      // and never again while an invoice is past due (dunning-model.ts)
      const overdue = upgradeBlockers(await unpaidInvoices(tx, opts.accountId), at);
      if (overdue.length > 0) {
        throw new AppError("conflict", "An invoice is past due: pay it before moving to a more expensive plan", {
          details: { reason: "payment_past_due", invoice_ids: overdue.map((i) => i.id) },
        });
      }
      change = "upgrade";
      // The period's first upgrade records the plan the period began on (its fee is billed at the
      // close; this proration pays the difference for the rest of the period). The account's first
      // upgrade ever (never upgraded, never closed) also dates the row's opening: the row may have
      // been made earlier by a change that changed nothing, and the months before cost nothing.
      await tx.query(
        `UPDATE billing_account
            SET opened_at = CASE WHEN period_upgraded_at IS NULL AND closed_through IS NULL THEN $3 ELSE opened_at END,
                period_plan_id = CASE WHEN period_upgraded_at IS NULL OR period_upgraded_at < $4 THEN plan_id ELSE period_plan_id END,
                period_upgraded_at = CASE WHEN period_upgraded_at IS NULL OR period_upgraded_at < $4 THEN $3 ELSE period_upgraded_at END,
                plan_id = $2, pending_plan_id = NULL, plan_changed_at = $3, updated_at = $3
          WHERE account_id = $1`,
        [opts.accountId, target.plan_id, at, start],
      );
      const pr = prorationCents(state.plan, target, at);
      if (pr.cents > 0) {
        invoice = await insertInvoice(tx, {
          accountId: opts.accountId,
          kind: "proration",
          periodStart: start,
          periodEnd: end,
          planId: target.plan_id,
          fallbackPlanId: state.plan.plan_id,
          at,
          lineItems: [{ description: prorationLine(state.plan, target, pr), quantity: 1, unit_cents: pr.cents, amount_cents: pr.cents }],
        });
      }
    } else {
      change = "downgrade";
      effectiveAt = end;
      await tx.query(`UPDATE billing_account SET pending_plan_id = $2, updated_at = $3 WHERE account_id = $1`, [opts.accountId, target.plan_id, at]);
    }
    await writeAudit({ tx, at, accountId: opts.accountId, action: "billing.plan_changed", metadata: { from: state.plan.plan_id, to: target.plan_id, change, invoice_id: invoice?.id ?? null }, requestId: opts.requestId });
    return {
      ok: true as const,
      change,
      plan_id: change === "downgrade" ? state.plan.plan_id : target.plan_id,
      pending_plan_id: change === "downgrade" ? target.plan_id : null,
      effective_at: effectiveAt.toISOString(),
      invoice: invoice ? serializeInvoice(invoice, at) : null,
    };
  });
}
