import { planById, type TPlan } from "./plans";

/**
 * Dunning, as pure decisions over an account's unpaid invoices. An invoice is due `due_at`; past
 * it the account is `past_due`; `graceDays` later the plan the invoice bought is taken back and
 * the account returns to the invoice's fallback plan (the plan an upgrade came from; Free for a
 * month's invoice). Paying the invoice restores the plan it bought.
 */
export type TUnpaidInvoice = { id: string; plan_id: string; fallback_plan_id: string; total_cents: number; due_at: Date; lapsed_at: Date | null };

const DAY_MS = 86_400_000;

export type TDunningView = {
  status: "ok" | "past_due";
  /** Unpaid invoices past their due date, in cents. */
  amount_past_due_cents: number;
  /** When the plan an unpaid invoice bought is taken back, if it still has it (the earliest). */
  plan_returns_at: string | null;
  /** The plan the account returns to then. */
  returns_to_plan_id: string | null;
  /** A plan taken back for non-payment, restored by paying its invoice. */
  restores_plan_id: string | null;
};

/** What the account's unpaid invoices mean at `at`. */
export function dunningView(unpaid: readonly TUnpaidInvoice[], at: Date, graceDays: number): TDunningView {
  const pastDue = unpaid.filter((i) => i.due_at.getTime() <= at.getTime());
  const pending = unpaid.filter((i) => !i.lapsed_at).sort((a, b) => a.due_at.getTime() - b.due_at.getTime());
  const next = pastDue.length > 0 ? pending[0] : undefined;
  const lapsed = unpaid.filter((i) => i.lapsed_at).sort((a, b) => price(b.plan_id) - price(a.plan_id))[0];
  return {
    status: pastDue.length > 0 ? "past_due" : "ok",
    amount_past_due_cents: pastDue.reduce((s, i) => s + i.total_cents, 0),
    plan_returns_at: next ? new Date(next.due_at.getTime() + graceDays * DAY_MS).toISOString() : null,
    returns_to_plan_id: next ? next.fallback_plan_id : null,
    restores_plan_id: lapsed?.plan_id ?? null,
  };
}

/**
 * The unpaid invoices that keep an account from buying a dearer plan at `at`: every one past its
 * due date, its plan taken back or not. Otherwise an unpaid upgrade, taken back after its grace,
 * could be bought again at once, and again: a paid plan for as long as one likes, never paid.
 */
export function upgradeBlockers(unpaid: readonly TUnpaidInvoice[], at: Date): TUnpaidInvoice[] {
  return unpaid.filter((i) => i.due_at.getTime() <= at.getTime());
}

/** The invoices whose grace has run out at `at` and that still have their plan. */
export function lapsingAt(unpaid: readonly TUnpaidInvoice[], at: Date, graceDays: number): TUnpaidInvoice[] {
  return unpaid.filter((i) => !i.lapsed_at && i.due_at.getTime() + graceDays * DAY_MS <= at.getTime());
}

/**
 * The plan the account has after invoices lapse: the cheapest of their fallbacks, when it is
 * cheaper than the current one (a plan bought since and paid for is never taken).
 */
export function planAfterLapse(current: TPlan, lapsing: readonly TUnpaidInvoice[]): TPlan {
  let plan = current;
  for (const i of lapsing) {
    const fallback = planById(i.fallback_plan_id);
    if (fallback && fallback.price_cents < plan.price_cents) plan = fallback;
  }
  return plan;
}

/**
 * The plan after an invoice whose plan was taken back is paid: the plan it bought, unless the
 * account is on a dearer one already or another invoice's plan is still taken back.
 */
export function planAfterPayment(current: TPlan, paid: Pick<TUnpaidInvoice, "plan_id" | "lapsed_at">, stillLapsed: readonly TUnpaidInvoice[]): TPlan {
  if (!paid.lapsed_at || stillLapsed.length > 0) return current;
  const bought = planById(paid.plan_id);
  return bought && bought.price_cents > current.price_cents ? bought : current;
}

const price = (planId: string) => planById(planId)?.price_cents ?? 0;
