import { randomUUID } from "node:crypto";
import type { TTx } from "@/server/db/tx";
import { config } from "@/server/config/env";
import { now } from "@/server/lib/clock";

export type TLineItem = { description: string; quantity: number; unit_cents: number; amount_cents: number };
type TInvoiceStatus = "issued" | "paid" | "void";

export type TInvoiceRow = {
  id: string;
  account_id: string;
  number: string;
  kind: "period" | "proration";
  period_start: Date;
  period_end: Date;
  plan_id: string;
  currency: string;
  line_items: TLineItem[];
  total_cents: number;
  status: TInvoiceStatus;
  checkout_session_id: string | null;
  issued_at: Date;
  paid_at: Date | null;
  due_at: Date;
  fallback_plan_id: string;
  lapsed_at: Date | null;
};

export function serializeInvoice(r: TInvoiceRow) {
  return {
    invoice_id: r.id,
    number: r.number,
    kind: r.kind,
    status: r.status,
    plan_id: r.plan_id,
    period_start: r.period_start.toISOString(),
    period_end: r.period_end.toISOString(),
    currency: r.currency,
    line_items: r.line_items,
    total_cents: r.total_cents,
    issued_at: r.issued_at.toISOString(),
    due_at: r.due_at.toISOString(),
    paid_at: r.paid_at?.toISOString() ?? null,
    past_due: r.status === "issued" && r.due_at.getTime() <= now().getTime(),
    plan_taken_back_at: r.lapsed_at?.toISOString() ?? null,
  };
}

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
