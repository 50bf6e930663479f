
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

/** An invoice as the API answers it at `at` (past due from its due time on). */
export function serializeInvoice(r: TInvoiceRow, at: Date) {
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
    past_due: r.status === "issued" && r.due_at.getTime() <= at.getTime(),
    plan_taken_back_at: r.lapsed_at?.toISOString() ?? null,
  };
}
