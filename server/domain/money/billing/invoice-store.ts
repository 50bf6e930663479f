import { randomUUID } from "node:crypto";
import type { TTx } from "@/server/db/tx";
import { config } from "@/server/config/env";
import type { TInvoiceRow, TLineItem } from "./invoice-model";

/** `INV-<yyyymm>-<8 hex>`: readable, sortable by month, unique. */
function invoiceNumber(periodStart: Date, id: string): string {
  const ym = `${periodStart.getUTCFullYear()}${String(periodStart.getUTCMonth() + 1).padStart(2, "0")}`;
  return `INV-${ym}-${id.slice(0, 8).toUpperCase()}`;
}

/**
 * Inserts an issued invoice, due BILLING_DUE_DAYS after `at`. `fallbackPlanId`: the plan the
 * account returns to if it stays unpaid past its grace (dunning.ts). A period invoice is unique
 * per account and period (partial unique index): a second insert for the same period does nothing
 * and returns null.
 */
export async function insertInvoice(
  tx: TTx,
  opts: { accountId: string; kind: "period" | "proration"; periodStart: Date; periodEnd: Date; planId: string; fallbackPlanId: string; lineItems: TLineItem[]; at: Date },
): Promise<TInvoiceRow | null> {
  const id = randomUUID();
  const total = opts.lineItems.reduce((s, l) => s + l.amount_cents, 0);
  const { rows } = await tx.query<TInvoiceRow>(
    `INSERT INTO invoice (id, account_id, number, kind, period_start, period_end, plan_id, currency, line_items, total_cents, status, issued_at, due_at, fallback_plan_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'usd', $8::jsonb, $9, 'issued', $10, $11, $12)
     ON CONFLICT (account_id, period_start) WHERE kind = 'period' DO NOTHING
     RETURNING *`,
    [id, opts.accountId, invoiceNumber(opts.periodStart, id), opts.kind, opts.periodStart, opts.periodEnd, opts.planId, JSON.stringify(opts.lineItems), total, opts.at,
      invoiceDueAt(opts.at), opts.fallbackPlanId],
  );
  return rows[0] ?? null;
}

/** When an invoice issued at `at` is due (BILLING_DUE_DAYS later). */
function invoiceDueAt(at: Date): Date {
  return new Date(at.getTime() + config().billing.dueDays * 86_400_000);
}
