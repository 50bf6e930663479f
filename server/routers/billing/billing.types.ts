import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { PLAN_IDS } from "@/server/domain/money";

const tags = ["Admin: billing"];

const ZPlan = z.object({
  plan_id: z.enum(PLAN_IDS),
  name: z.string(),
  price_cents: z.number().int().describe("Monthly price in US cents"),
  currency: z.literal("usd"),
  included_mau: z.number().int().describe("Identified monthly active players included"),
  overage_cents_per_1000: z.number().int().nullable().describe("Price per started 1,000 players above `included_mau`; null: no overage (Free)"),
  features: z.array(z.string()),
});
const ZLineItem = z.object({ description: z.string(), quantity: z.number().int(), unit_cents: z.number().int(), amount_cents: z.number().int() });
const ZInvoice = z.object({
  invoice_id: z.string().uuid(),
  number: z.string().describe("`INV-<yyyymm>-<8 hex>`"),
  kind: z.enum(["period", "proration"]),
  status: z.enum(["issued", "paid", "void"]),
  plan_id: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  currency: z.string(),
  line_items: z.array(ZLineItem),
  total_cents: z.number().int(),
  issued_at: z.string(),
  due_at: z.string().describe("Payable until then (`BILLING_DUE_DAYS` after issue, 14 by default)"),
  paid_at: z.string().nullable(),
  past_due: z.boolean().describe("Issued and past its due date"),
  plan_taken_back_at: z.string().nullable().describe("When the plan this invoice bought was taken back for non-payment (`BILLING_GRACE_DAYS` after the due date); paying the invoice restores it"),
});

const limits =
  "Monthly active users (MAU) are one distinct count of `external_user_id` over the whole billing period (the calendar month, UTC) on the events of all the account's projects; `anon_…` identities are excluded from the enforced count and reported apart as `anonymous_monthly_users`. At 80 % of `included_mau` `usage.status` is `warning`; above it, `over_limit`. Going over never interrupts play or drops data: on paid plans every started 1,000 players above the plan is billed at `overage_cents_per_1000` on that month's invoice (`projected_overage_cents` shows it as it grows); on Free, creating further projects answers 402 `plan_limit_reached` until the account upgrades.";

export const ZEmptyRequestSchema = z.object({}).optional();
export const ZPlansResponseSchema = z.object({ plans: z.array(ZPlan) });
export const plansMeta: TMeta = {
  auth: "none",
  openapi: { method: "GET", path: "/v1/admin/billing/plans", tags, summary: "Plans", description: `The plans anyone can sign up for (no authentication). ${limits}` },
};

export const ZBillingResponseSchema = z.object({
  status: z.enum(["active", "past_due"]).describe("`past_due` while an invoice is unpaid past its due date"),
  plan: ZPlan,
  pending_plan_id: z.string().nullable().describe("A downgrade that takes effect when the next period starts"),
  dunning: z
    .object({
      status: z.enum(["ok", "past_due"]),
      amount_past_due_cents: z.number().int(),
      plan_returns_at: z.string().nullable().describe("When the plan an unpaid invoice bought is taken back if it stays unpaid (the invoice's due date plus `BILLING_GRACE_DAYS`)"),
      returns_to_plan_id: z.string().nullable().describe("The plan the account returns to then"),
      restores_plan_id: z.string().nullable().describe("A plan already taken back for non-payment: paying its invoice restores it"),
    })
    .describe("Unpaid invoices and what they mean for the plan"),
  usage: z.object({
    period_start: z.string(),
    period_end: z.string(),
    monthly_active_users: z.number().int(),
    anonymous_monthly_users: z.number().int(),
    included_mau: z.number().int(),
    status: z.enum(["ok", "warning", "over_limit"]),
    message: z.string().nullable().describe("What the status means for this account, for people"),
    projected_overage_cents: z.number().int(),
    projects: z.number().int(),
    runs: z.number().int().describe("Game runs started in the period"),
    webhook_deliveries: z.number().int().describe("Reward webhooks created in the period"),
  }),
  payment: z.object({
    provider: z.enum(["none", "fake", "stripe"]),
    simulated_payments: z.boolean().describe("`pay-simulated` is available (development without a provider)"),
    paid_plans_available: z.boolean().describe("A paid plan can be chosen: invoices can be paid here (a provider is configured, or outside production)"),
  }),
});
export const billingMeta: TMeta = {
  auth: "admin",
  openapi: { method: "GET", path: "/v1/admin/billing", tags, summary: "Plan and usage", description: `The account's plan and this period's usage. ${limits}` },
};

export const ZUpgradeRequestSchema = z.object({ plan_id: z.string().min(1).max(32) });
export const ZUpgradeResponseSchema = z.object({
  ok: z.literal(true),
  change: z.enum(["none", "upgrade", "downgrade"]),
  plan_id: z.string().describe("The plan in force now"),
  pending_plan_id: z.string().nullable(),
  effective_at: z.string(),
  invoice: ZInvoice.nullable().describe("The proration invoice of an upgrade"),
});
export const upgradeMeta: TMeta = {
  auth: "admin",
  errors: ["validation_error", "origin_not_allowed", "conflict"],
  openapi: {
    method: "POST",
    path: "/v1/admin/billing/upgrade",
    tags,
    summary: "Change plan",
    description:
      "`plan_id`: `free`, `growth` or `scale`. A more expensive plan takes effect at once and the price difference for the rest of the month (× whole days left, today included, over the month's days; rounded to the cent; the line item says the sum) is issued as a `proration` invoice; that month's period invoice then charges the fee of the plan the month began on, with the included players and the overage rate of each plan weighted by the time spent on it. A cheaper plan takes effect when the next period starts (`pending_plan_id`, `effective_at`); the current month keeps the higher allowance and nothing is refunded. The current plan again cancels a pending downgrade. An unknown plan is 422. A more expensive plan is refused with 409 `conflict` and `reason` `payment_past_due` (with `invoice_ids`) while any invoice is unpaid past its due date — pay it (its plan, if taken back, then returns) — and with `reason` `no_payment_provider` in production without a payment provider; nothing changes.",
  },
};

export const ZInvoicesResponseSchema = z.object({ invoices: z.array(ZInvoice) });
export const invoicesMeta: TMeta = {
  auth: "admin",
  openapi: {
    method: "GET",
    path: "/v1/admin/billing/invoices",
    tags,
    summary: "Invoices",
    description:
      "Newest first (at most 120). A `period` invoice is issued by the monthly job (00:10 UTC on the 1st) for the month just ended: the plan's fee and the overage, only when not zero, once per account and month. `proration` invoices come from upgrades. Statuses: `issued` (payable), `paid`, `void`.",
  },
};

export const ZInvoiceRequestSchema = z.object({ invoice_id: z.string().uuid() });
export const ZCheckoutResponseSchema = z.object({ checkout_url: z.string(), session_id: z.string() });
export const checkoutMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "conflict", "service_unavailable", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/billing/invoices/{invoice_id}/checkout",
    tags,
    summary: "Pay an invoice (checkout)",
    description:
      "Creates a hosted checkout at the payment provider (`PAYMENT_PROVIDER`: `stripe` — Stripe Checkout; `fake` — a local stand-in for development and tests) and returns its URL; send the admin there. The invoice becomes `paid` when the provider's signed `checkout.session.completed` reaches `POST /v1/webhooks/payment`. Another account's invoice is 404; a paid invoice or no provider configured is 409 `conflict`; the provider unreachable is 503.",
  },
};

export const ZInvoiceResponseSchema = ZInvoice;
export const paySimulatedMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "conflict", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/billing/invoices/{invoice_id}/pay-simulated",
    tags,
    summary: "Mark an invoice paid (development)",
    description: "Development only, when no payment provider is configured: marks an issued invoice `paid` (repeating it answers the paid invoice). 404 in production, when a provider is configured, or for another account's invoice.",
  },
};
