"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardHeader } from "@/app/_components/Card";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { dayOf, money, monthOf } from "./format";

type TPayment = { provider: "none" | "fake" | "stripe"; simulated_payments: boolean; paid_plans_available: boolean };

export function InvoicesCard({ payment }: { payment?: TPayment }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invoices = useQuery(trpc.billing.invoices.queryOptions());
  const checkout = useMutation(trpc.billing.checkout.mutationOptions({ onSuccess: (r) => window.location.assign(r.checkout_url) }));
  const simulate = useMutation(
    trpc.billing.paySimulated.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.billing.invoices.queryKey() }) }),
  );
  const list = invoices.data?.invoices ?? [];
  const canPay = payment && payment.provider !== "none";

  return (
    <Card>
      <CardHeader
        title="Invoices"
        description="Issued on the 1st for the month before (plan and extra players), and right away for upgrades."
      />
      {(invoices.error || checkout.error || simulate.error) && <ErrorAlert className="mx-5 mb-4" error={invoices.error ?? checkout.error ?? simulate.error} />}
      {invoices.isPending ? (
        <div className="p-5">
          <Skeleton className="h-16" />
        </div>
      ) : list.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-slate-600">No invoices yet. On the Free plan there is nothing to pay.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-y border-slate-100 bg-slate-50 text-xs text-slate-600 uppercase">
              <tr>
                <th className="px-5 py-2 font-medium">Invoice</th>
                <th className="px-5 py-2 font-medium">For</th>
                <th className="px-5 py-2 font-medium">Items</th>
                <th className="px-5 py-2 text-right font-medium">Total</th>
                <th className="px-5 py-2 font-medium">Status</th>
                <th className="px-5 py-2" />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.map((inv) => (
                <tr key={inv.invoice_id} data-testid="invoice-row">
                  <td className="px-5 py-3">
                    <div className="font-mono text-xs text-slate-700">{inv.number}</div>
                    <div className="text-xs text-slate-600">Issued {dayOf(inv.issued_at)}</div>
                    {inv.status === "issued" && <div className={inv.past_due ? "text-xs font-medium text-red-700" : "text-xs text-slate-600"}>Due {dayOf(inv.due_at)}</div>}
                  </td>
                  <td className="px-5 py-3 text-slate-700">{inv.kind === "proration" ? "Upgrade" : monthOf(inv.period_start)}</td>
                  <td className="px-5 py-3 text-slate-700">
                    {inv.line_items.map((l, i) => (
                      <div key={i}>{l.description}</div>
                    ))}
                  </td>
                  <td className="px-5 py-3 text-right font-semibold text-slate-900">{money(inv.total_cents)}</td>
                  <td className="px-5 py-3">
                    <Badge tone={inv.status === "paid" ? "green" : inv.past_due ? "red" : inv.status === "issued" ? "amber" : "neutral"}>
                      {inv.status === "paid" ? "Paid" : inv.status === "void" ? "Void" : inv.plan_taken_back_at ? "Unpaid: plan taken back" : inv.past_due ? "Past due" : "Due"}
                    </Badge>
                  </td>
                  <td className="px-5 py-3 text-right">
                    {inv.status === "issued" && canPay && (
                      <Button size="sm" loading={checkout.isPending && checkout.variables?.invoice_id === inv.invoice_id} onClick={() => checkout.mutate({ invoice_id: inv.invoice_id })}>
                        Pay {money(inv.total_cents)}
                      </Button>
                    )}
                    {inv.status === "issued" && !canPay && payment?.simulated_payments && (
                      <Button size="sm" variant="secondary" title="Development only: no payment provider is configured" loading={simulate.isPending && simulate.variables?.invoice_id === inv.invoice_id} onClick={() => simulate.mutate({ invoice_id: inv.invoice_id })}>
                        Mark paid (test)
                      </Button>
                    )}
                    {inv.status === "issued" && !canPay && payment && !payment.simulated_payments && <span className="text-xs text-slate-600">Payments are not set up</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
