"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { CheckIcon } from "@/app/_components/Icons";
import { PageHeader } from "@/app/_components/PageHeader";
import { Skeleton } from "@/app/_components/Spinner";
import { cx } from "@/app/_components/cx";
import { useTRPC } from "@/app/_lib/trpc";
import { FIGURES } from "@/i18n/figures";
import { InvoicesCard } from "./invoices-card";
import { count, dayOf, money, monthOf, upgradeQuote } from "./format";

const STATUS_TONE = { ok: "green", warning: "amber", over_limit: "red" } as const;
const STATUS_LABEL = { ok: "Within plan", warning: "Nearing the limit", over_limit: "Over the limit" } as const;

export function BillingView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const paidInvoice = useSearchParams().get("paid");
  // An upgrade charges money at once, so it is confirmed with its price first; a downgrade waits for next month and can be undone.
  const [confirming, setConfirming] = useState<string | null>(null);
  const billing = useQuery(trpc.billing.get.queryOptions());
  const plans = useQuery(trpc.billing.plans.queryOptions());
  const change = useMutation(
    trpc.billing.upgrade.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.billing.get.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.billing.invoices.queryKey() });
      },
    }),
  );

  const b = billing.data;
  const used = b ? Math.min(100, Math.round((b.usage.monthly_active_users / b.usage.included_mau) * 100)) : 0;

  return (
    <div className="space-y-8">
      <PageHeader eyebrow="Account" title="Billing" description="Your plan, this month's players and your invoices. Going over your plan never stops play or loses data." />
      {paidInvoice && <Alert tone="success" title="Payment received">Thank you — the invoice is marked paid.</Alert>}
      {billing.error && <ErrorAlert error={billing.error} />}
      {b && (
        <div data-testid="dunning">
          <DunningAlert dunning={b.dunning} planName={(id) => plans.data?.plans.find((p) => p.plan_id === id)?.name ?? id} />
        </div>
      )}

      <Card>
        <CardHeader
          title="This month"
          description={b ? `${dayOf(b.usage.period_start)} – ${dayOf(new Date(new Date(b.usage.period_end).getTime() - 1).toISOString())} (UTC)` : undefined}
          actions={b && <Badge tone={STATUS_TONE[b.usage.status]}>{STATUS_LABEL[b.usage.status]}</Badge>}
        />
        <CardBody className="space-y-5">
          {!b ? (
            <Skeleton className="h-24" />
          ) : (
            <>
              <div>
                <div className="flex items-baseline justify-between gap-4">
                  <p className="text-sm text-slate-600">
                    <span className="text-2xl font-bold text-slate-900" data-testid="mau">
                      {count(b.usage.monthly_active_users)}
                    </span>{" "}
                    of {count(b.usage.included_mau)} {FIGURES.monthly_active_players.label} on {b.plan.name}
                  </p>
                  <p className="text-sm text-slate-600">{used} %</p>
                </div>
                <p className="mt-1 text-xs text-slate-500" data-testid="mau-hint">{FIGURES.monthly_active_players.hint}</p>
                <div className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label="Monthly active players used" aria-valuenow={used} aria-valuemin={0} aria-valuemax={100}>
                  <div className={cx("h-full rounded-full transition-all", b.usage.status === "ok" ? "bg-brand-600" : b.usage.status === "warning" ? "bg-amber-500" : "bg-red-600")} style={{ width: `${Math.max(used, 1)}%` }} />
                </div>
                {b.usage.message && (
                  <Alert tone={b.usage.status === "over_limit" ? "error" : "warning"} className="mt-3">
                    {b.usage.message}
                  </Alert>
                )}
              </div>
              <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
                {[
                  ["Anonymous players", count(b.usage.anonymous_monthly_users), "Not billed"],
                  ["Game runs", count(b.usage.runs), "Started this month"],
                  ["Reward webhooks", count(b.usage.webhook_deliveries), "Created this month"],
                  ["Projects", count(b.usage.projects), "In this account"],
                ].map(([label, value, hint]) => (
                  <div key={label} className="rounded-lg bg-slate-50 p-3">
                    <dt className="text-xs font-medium text-slate-600">{label}</dt>
                    <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
                    <dd className="text-xs text-slate-600">{hint}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        </CardBody>
      </Card>

      <section aria-labelledby="plans-heading" className="space-y-3">
        <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
          Plans
        </h2>
        {change.error && <ErrorAlert error={change.error} />}
        {change.data?.change === "downgrade" && (
          <Alert tone="info">Your plan changes to {plans.data?.plans.find((p) => p.plan_id === change.data?.pending_plan_id)?.name} on {dayOf(change.data.effective_at)}. Until then you keep your current allowance.</Alert>
        )}
        {change.data?.change === "upgrade" && change.data.invoice && (
          <Alert tone="success">Upgraded. The rest of this month, {money(change.data.invoice.total_cents)}, is on a new invoice below.</Alert>
        )}
        <div className="grid gap-4 md:grid-cols-3">
          {(plans.data?.plans ?? []).map((p) => {
            const current = b?.plan.plan_id === p.plan_id;
            const pending = b?.pending_plan_id === p.plan_id;
            const higher = b ? p.price_cents > b.plan.price_cents : false;
            return (
              <Card key={p.plan_id} className={cx("flex flex-col", current && "ring-2 ring-brand-600")} data-testid={`plan-${p.plan_id}`}>
                <div className="flex flex-1 flex-col gap-4 p-5">
                  <div className="flex items-center justify-between">
                    <h3 className="text-base font-semibold text-slate-900">{p.name}</h3>
                    {current && <Badge tone="brand">Current plan</Badge>}
                    {pending && <Badge tone="amber">From next month</Badge>}
                  </div>
                  <p>
                    <span className="text-3xl font-bold text-slate-900">{money(p.price_cents)}</span>
                    <span className="text-sm text-slate-600"> / month</span>
                  </p>
                  <ul className="flex-1 space-y-2 text-sm text-slate-700">
                    {p.features.map((f) => (
                      <li key={f} className="flex gap-2">
                        <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                        {f}
                      </li>
                    ))}
                  </ul>
                  {!current && b && confirming === p.plan_id && higher && (
                    <UpgradeConfirm
                      planName={p.name}
                      priceCents={p.price_cents}
                      quote={upgradeQuote(b.plan.price_cents, p.price_cents, { start: b.usage.period_start, end: b.usage.period_end })}
                      nextMonth={monthOf(b.usage.period_end)}
                      loading={change.isPending}
                      onConfirm={() => change.mutate({ plan_id: p.plan_id }, { onSettled: () => setConfirming(null) })}
                      onCancel={() => setConfirming(null)}
                    />
                  )}
                  {!current && b && confirming !== p.plan_id && (
                    <Button
                      variant={higher ? "primary" : "secondary"}
                      loading={change.isPending && change.variables?.plan_id === p.plan_id}
                      disabled={change.isPending || pending || (higher && (!b.payment.paid_plans_available || b.dunning.status === "past_due"))}
                      title={
                        higher && !b.payment.paid_plans_available
                          ? "No payment provider is configured on this deployment"
                          : higher && b.dunning.status === "past_due"
                            ? "Pay the past-due invoice below first"
                            : undefined
                      }
                      onClick={() => (higher ? setConfirming(p.plan_id) : change.mutate({ plan_id: p.plan_id }))}
                    >
                      {pending ? "Scheduled" : higher ? `Upgrade to ${p.name}…` : `Switch to ${p.name} next month`}
                    </Button>
                  )}
                  {current && b?.pending_plan_id && (
                    <Button variant="secondary" disabled={change.isPending} onClick={() => change.mutate({ plan_id: p.plan_id })}>
                      Keep {p.name}
                    </Button>
                  )}
                </div>
              </Card>
            );
          })}
          {plans.isPending && [0, 1, 2].map((i) => <Skeleton key={i} className="h-72 rounded-xl" />)}
        </div>
        <p className="text-sm text-slate-600">
          Upgrades start now and the rest of this month is charged pro rata; an invoice is due {b ? "within the days shown on it" : "two weeks after it is issued"}, and a plan whose invoice stays unpaid a week past its due date returns to the plan before it until it is paid. Downgrades start next month and keep every project and setting. Anonymous players are never counted.
        </p>
      </section>

      <InvoicesCard payment={b?.payment} />
    </div>
  );
}

/** The price of an upgrade, said before it is charged: today's pro-rata amount and why, then the monthly fee. */
function UpgradeConfirm(o: { planName: string; priceCents: number; quote: ReturnType<typeof upgradeQuote>; nextMonth: string; loading: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { quote } = o;
  return (
    <div role="group" aria-label={`Confirm the upgrade to ${o.planName}`} className="space-y-3 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-700" data-testid="upgrade-confirm">
      <p>
        {o.planName} starts now. Today you are charged <strong data-testid="upgrade-quote">{money(quote.cents)}</strong>: the {money(quote.differenceCents)} price difference × {quote.daysLeft}/{quote.daysInPeriod} days left this month (today included), on an invoice below. From {o.nextMonth}: {money(o.priceCents)} a month.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" loading={o.loading} onClick={o.onConfirm}>
          Upgrade and charge {money(quote.cents)}
        </Button>
        {!o.loading && (
          <Button size="sm" variant="ghost" onClick={o.onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </div>
  );
}

type TDunning = { status: "ok" | "past_due"; amount_past_due_cents: number; plan_returns_at: string | null; returns_to_plan_id: string | null; restores_plan_id: string | null };

/** What unpaid invoices mean for the plan, said before it happens and after. */
function DunningAlert({ dunning, planName }: { dunning: TDunning; planName: (planId: string) => string }) {
  if (dunning.restores_plan_id) {
    return (
      <Alert tone="error" title="Your plan was changed for an unpaid invoice">
        {money(dunning.amount_past_due_cents)} is past due. Pay the invoice below to get {planName(dunning.restores_plan_id)} back at once; your projects, players and settings were kept.
      </Alert>
    );
  }
  if (dunning.status !== "past_due") return null;
  return (
    <Alert tone="warning" title="Payment past due">
      {money(dunning.amount_past_due_cents)} is past due.
      {dunning.plan_returns_at && dunning.returns_to_plan_id && ` Unless it is paid by ${dayOf(dunning.plan_returns_at)}, the account returns to ${planName(dunning.returns_to_plan_id)}.`}
    </Alert>
  );
}
