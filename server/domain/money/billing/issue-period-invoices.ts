import { pool } from "@/server/db/client";
import { withTransaction, type TTx } from "@/server/db/tx";
import { writeAudit } from "@/server/domain/identity";
import { billingState, type TBillingState } from "./billing-account";
import { insertInvoice } from "./invoice-store";
import { periodCharges } from "./period-charges";
import { billingPeriod, DEFAULT_PLAN_ID, planById, type TPlan } from "./plans";
import { accountUsage } from "./usage";

/**
 * The monthly invoicing run for the period that contains `periodOf` (the job passes an instant of
 * the month just ended). For every account with a billing row: the fee of the plan the period began
 * on and the overage above its included players (periodCharges: an upgrade during the period was
 * invoiced for the rest of it at once), as one invoice per account and period (issued only when it
 * is not zero). A pending downgrade then takes effect. Idempotent: `closed_through` is moved to the period's
 * end in the same transaction as the invoice and the downgrade, so a second run for the period
 * does nothing (and the partial unique index on (account_id, period_start) backs it up). An account
 * whose earlier periods were never closed gets them closed first, oldest first (below).
 */
export async function issuePeriodInvoices(opts: { periodOf: Date; at: Date }): Promise<{ issued: number; accounts: number }> {
  const { start } = billingPeriod(opts.periodOf);
  const { rows } = await pool().query<{ account_id: string; closed_through: Date | null; opened_at: Date }>(`SELECT account_id, closed_through, opened_at FROM billing_account ORDER BY account_id`);
  let issued = 0;
  for (const { account_id: accountId, closed_through: closedThrough, opened_at: openedAt } of rows) {
    // Periods this account missed before this one — no worker over a month's start, or every
    // retry of a month's run failed — are closed first, oldest first: a later close moves
    // closed_through past them, so they would never be invoiced otherwise. An account never
    // closed starts at the month its row was opened (before it, the account was on the free plan).
    const from = closedThrough ?? openedAt;
    let period = billingPeriod(from < start ? from : start);
    for (let n = 0; period.start <= start && n < MAX_PERIODS_PER_RUN; n++, period = billingPeriod(period.end)) {
      if (await closeAccountPeriod(accountId, period, openedAt, opts.at)) issued++;
    }
  }
  return { issued, accounts: rows.length };
}

/** The most periods one run closes for an account (two years of a worker that never ran). */
const MAX_PERIODS_PER_RUN = 24;

/** One account's period [start, end): its invoice (when something is owed), closed_through, a pending downgrade, the audit entry. */
async function closeAccountPeriod(accountId: string, { start, end }: { start: Date; end: Date }, openedAt: Date, at: Date): Promise<boolean> {
  return withTransaction(async (tx) => {
    const state = await billingState({ accountId, tx, lock: true });
    const closed = await tx.query<{ closed: boolean }>(`SELECT closed_through >= $2 AS closed FROM billing_account WHERE account_id = $1`, [accountId, end]);
    if (closed.rows[0]?.closed) return false;
    const usage = await accountUsage({ accountId, start, end, tx });
    const laterRecord = state.periodUpgradedAt !== null && state.periodUpgradedAt >= end;
    const audited = laterRecord ? await auditedUpgrades(tx, accountId, start, end) : null;
    const { began, ended, onBegan } = periodPlans(state, start, end, openedAt, audited);
    const lines = periodCharges({ began, ended, onBegan, mau: usage.monthly_active_users });
    let invoiceId: string | null = null;
    if (lines.length > 0) {
      const inv = await insertInvoice(tx, { accountId, kind: "period", periodStart: start, periodEnd: end, planId: ended.plan_id, fallbackPlanId: DEFAULT_PLAN_ID, lineItems: lines, at });
      invoiceId = inv?.id ?? null;
    }
    const applyDowngrade = state.pendingPlan !== null && at >= end && (await downgradeAskedBefore(tx, accountId, end));
    await tx.query(
      `UPDATE billing_account
          SET closed_through = $2, updated_at = $3,
              plan_id = CASE WHEN $4 THEN pending_plan_id ELSE plan_id END,
              plan_changed_at = CASE WHEN $4 THEN $2 ELSE plan_changed_at END,
              pending_plan_id = CASE WHEN $4 THEN NULL ELSE pending_plan_id END
        WHERE account_id = $1`,
      [accountId, end, at, applyDowngrade],
    );
    await writeAudit({ tx, at, accountId, action: "billing.period_closed", metadata: { period_start: start.toISOString(), invoice_id: invoiceId, mau: usage.monthly_active_users, anonymous_mau: usage.anonymous_monthly_users } });
    return invoiceId !== null;
  });
}

/**
 * Whether the pending downgrade was asked for before `end`: it takes effect at the end of the
 * period it was asked in, so a run closing older periods it missed leaves a downgrade asked in a
 * later one pending (else the month it was asked in would be billed at the cheaper plan).
 */
async function downgradeAskedBefore(tx: TTx, accountId: string, end: Date): Promise<boolean> {
  const { rows } = await tx.query<{ at: Date | null }>(
    `SELECT max(created_at) AS at FROM audit_log WHERE account_id = $1 AND action = 'billing.plan_changed' AND metadata->>'change' = 'downgrade'`,
    [accountId],
  );
  return !rows[0]?.at || rows[0].at < end;
}

/**
 * The plans of the period [start, end) from the account's state: without an upgrade since the
 * period began, the current plan throughout; with one in the period, the plan recorded as the one it
 * began on, then the current plan from the upgrade on; with one after the period (before this
 * close ran), the plan recorded before it, throughout — unless the period had upgrades of its own,
 * whose record the later one overwrote (a catch-up of a missed month): then the audit log's
 * entries say how the period began and ended (auditedUpgrades). Without such entries, the period
 * the billing row was opened in still began on the free plan: the free plan counts until the row
 * was opened (its first upgrade, whose proration paid the rest of the month).
 */
function periodPlans(state: TBillingState, start: Date, end: Date, openedAt: Date, audited: TAuditedUpgrades | null): { began: TPlan; ended: TPlan; onBegan: number } {
  const from = audited && planById(audited.from);
  const to = audited && planById(audited.to);
  if (audited && from && to) return { began: from, ended: to, onBegan: (audited.at.getTime() - start.getTime()) / (end.getTime() - start.getTime()) };
  const plans = recordedPlans(state, start, end);
  const upgradedHere = state.periodUpgradedAt !== null && state.periodUpgradedAt >= start && state.periodUpgradedAt < end;
  if (openedAt <= start || openedAt >= end || upgradedHere) return plans;
  return { began: planById(DEFAULT_PLAN_ID)!, ended: plans.ended, onBegan: (openedAt.getTime() - start.getTime()) / (end.getTime() - start.getTime()) };
}

type TAuditedUpgrades = { from: string; at: Date; to: string };

/**
 * The period's upgrades as the audit log has them (each plan change writes one entry with `from`
 * and `to`): the first one's `from` and time, the last one's `to`. Read when a later period's
 * upgrade has overwritten the record of this one's — a catch-up closing a month it missed.
 */
async function auditedUpgrades(tx: TTx, accountId: string, start: Date, end: Date): Promise<TAuditedUpgrades | null> {
  const { rows } = await tx.query<TAuditedUpgrades>(
    `SELECT (array_agg(metadata->>'from' ORDER BY created_at, id))[1] AS "from", min(created_at) AS at, (array_agg(metadata->>'to' ORDER BY created_at DESC, id DESC))[1] AS "to"
       FROM audit_log WHERE account_id = $1 AND action = 'billing.plan_changed' AND metadata->>'change' = 'upgrade' AND created_at >= $2 AND created_at < $3
     HAVING count(*) > 0`,
    [accountId, start, end],
  );
  return rows[0] ?? null;
}

function recordedPlans(state: TBillingState, start: Date, end: Date): { began: TPlan; ended: TPlan; onBegan: number } {
  const at = state.periodUpgradedAt;
  if (!at || !state.periodPlan || at < start) return { began: state.plan, ended: state.plan, onBegan: 1 };
  if (at >= end) return { began: state.periodPlan, ended: state.periodPlan, onBegan: 1 };
  return { began: state.periodPlan, ended: state.plan, onBegan: (at.getTime() - start.getTime()) / (end.getTime() - start.getTime()) };
}
