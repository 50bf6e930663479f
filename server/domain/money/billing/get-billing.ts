import { config } from "@/server/config/env";
import { AppError } from "@/server/errors/app-error";
import { pool } from "@/server/db/client";
import { now } from "@/server/lib/clock";
import { billingState } from "./billing-account";
import { serializeInvoice, type TInvoiceRow } from "./invoice-model";
import { unpaidInvoices } from "./dunning";
import { dunningView } from "./dunning-model";
import { paymentProvider, paymentsPossible } from "./payment-provider";
import { billingPeriod, overageCents, PLANS, usageStatus, WARNING_SHARE, type TPlan } from "./plans";
import { accountUsage } from "./usage";

export function listPlans() {
  return { plans: PLANS.map((p) => ({ ...p, features: [...p.features] })) };
}

function limitMessage(status: string, mau: number, plan: TPlan): string | null {
  if (status === "ok") return null;
  const over = overageCents(mau, plan);
  if (status === "warning") return `${mau.toLocaleString("en-US")} of ${plan.included_mau.toLocaleString("en-US")} monthly active players used (${Math.round(WARNING_SHARE * 100)} % or more).`;
  if (plan.overage_cents_per_1000 === null) {
    return `${mau.toLocaleString("en-US")} monthly active players: over the ${plan.name} plan's ${plan.included_mau.toLocaleString("en-US")}. Play continues and no data is lost, but new projects cannot be created until you upgrade.`;
  }
  return `${over.extraPlayers.toLocaleString("en-US")} players above the plan: ${over.blocks} × $${(plan.overage_cents_per_1000 / 100).toFixed(2)} will be added to this month's invoice.`;
}

/** The account's plan, this month's usage against it, the provider in use and what happens at the limit. */
export async function getBilling(opts: { accountId: string }) {
  const at = now();
  const { start, end } = billingPeriod(at);
  const [state, usage, unpaid] = await Promise.all([billingState({ accountId: opts.accountId }), accountUsage({ accountId: opts.accountId, start, end, lagged: true }), unpaidInvoices(pool(), opts.accountId)]);
  const dunning = dunningView(unpaid, at, config().billing.graceDays);
  const status = usageStatus(usage.monthly_active_users, state.plan);
  const over = overageCents(usage.monthly_active_users, state.plan);
  const provider = paymentProvider();
  return {
    status: dunning.status === "past_due" ? ("past_due" as const) : ("active" as const),
    plan: { ...state.plan, features: [...state.plan.features] },
    pending_plan_id: state.pendingPlan?.plan_id ?? null,
    dunning,
    usage: {
      ...usage,
      included_mau: state.plan.included_mau,
      status,
      message: limitMessage(status, usage.monthly_active_users, state.plan),
      projected_overage_cents: over.cents,
    },
    payment: { provider: (provider?.name ?? "none") as "none" | "fake" | "stripe", simulated_payments: !provider && !config().production, paid_plans_available: paymentsPossible() },
  };
}

export async function listInvoices(opts: { accountId: string }) {
  const { rows } = await pool().query<TInvoiceRow>(`SELECT * FROM invoice WHERE account_id = $1 ORDER BY issued_at DESC, number DESC LIMIT 120`, [opts.accountId]);
  const at = now();
  return { invoices: rows.map((r) => serializeInvoice(r, at)) };
}

/**
 * The one thing a plan limit stops: on a plan without overage (Free), an account above its
 * included players cannot create further projects (402 `plan_limit_reached`) until it upgrades.
 * Players, play, events and rewards of existing projects are never refused or dropped.
 */
export async function assertCanCreateProject(opts: { accountId: string }): Promise<void> {
  const state = await billingState({ accountId: opts.accountId });
  if (state.plan.overage_cents_per_1000 !== null) return;
  const { start, end } = billingPeriod(now());
  const usage = await accountUsage({ accountId: opts.accountId, start, end });
  if (usage.monthly_active_users > state.plan.included_mau) {
    throw new AppError("plan_limit_reached", `Over the ${state.plan.name} plan's ${state.plan.included_mau} monthly active players: upgrade to create more projects`, {
      details: { included_mau: state.plan.included_mau, monthly_active_users: usage.monthly_active_users },
    });
  }
}
