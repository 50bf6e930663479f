"use client";

import { cx } from "@/app/_components/cx";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { costRows, type TDraftForm, type TFormErrors } from "./draft-form";
import { SectionTitle } from "@/app/_components/SectionTitle";
import { CellError } from "./segment-row";
import type { TResource } from "./use-wheel";

type TProps = { prefix: string; form: TDraftForm; resources: TResource[]; errors: TFormErrors; set: (patch: Partial<TDraftForm>) => void };

/** How often players spin, and what the prizes may cost: unit costs of awarded resources and the budgets. */
export function LimitsFields({ prefix, form, resources, errors, set }: TProps) {
  const free = Number(form.free);
  const max = Number(form.max);
  const paid = Number.isInteger(free) && Number.isInteger(max) && max > free ? max - free : 0;
  return (
    <>
      <section aria-labelledby={`${prefix}-spins-title`} className="space-y-3">
        <SectionTitle id={`${prefix}-spins-title`} title="Spins" hint="Per player and day, in the wheel's time zone. Free spins come first; the rest cost tickets." />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Field label="Free spins a day" htmlFor={`${prefix}-free`} error={errors.free}>
            <Input id={`${prefix}-free`} inputMode="numeric" value={form.free} onChange={(e) => set({ free: e.target.value })} invalid={!!errors.free} />
          </Field>
          <Field label="Spins a day at most" htmlFor={`${prefix}-max`} error={errors.max} hint="Free ones included">
            <Input id={`${prefix}-max`} inputMode="numeric" value={form.max} onChange={(e) => set({ max: e.target.value })} invalid={!!errors.max} />
          </Field>
          <Field label="Tickets per paid spin" htmlFor={`${prefix}-ticket-cost`} error={errors.ticketCost} hint={paid > 0 ? `${paid} paid spin${paid === 1 ? "" : "s"} a day` : "No paid spins"}>
            <Input id={`${prefix}-ticket-cost`} inputMode="numeric" value={form.ticketCost} onChange={(e) => set({ ticketCost: e.target.value })} invalid={!!errors.ticketCost} />
          </Field>
        </div>
      </section>

      <section aria-labelledby={`${prefix}-budget-title`} className="space-y-3">
        <SectionTitle
          id={`${prefix}-budget-title`}
          title="Budget"
          hint="What prizes cost you, in your currency. Once an award would pass a budget or a segment's cap, the spin lands on a nothing segment instead."
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Daily budget" htmlFor={`${prefix}-budget-daily`} error={errors.budgetDaily} hint="Resets at midnight in the wheel's time zone">
            <MoneyInput id={`${prefix}-budget-daily`} value={form.budgetDaily} onChange={(budgetDaily) => set({ budgetDaily })} invalid={!!errors.budgetDaily} />
          </Field>
          <Field label="Total budget" htmlFor={`${prefix}-budget-total`} error={errors.budgetTotal} hint="Over the wheel's life, across versions">
            <MoneyInput id={`${prefix}-budget-total`} value={form.budgetTotal} onChange={(budgetTotal) => set({ budgetTotal })} invalid={!!errors.budgetTotal} />
          </Field>
        </div>
        <CostRows prefix={prefix} form={form} resources={resources} errors={errors} set={set} />
      </section>
    </>
  );
}

/** What one unit of each awarded resource costs the operator: the bridge from prizes to budgets. */
function CostRows({ prefix, form, resources, errors, set }: TProps) {
  const rows = costRows(form);
  const name = (id: string) => resources.find((r) => r.id === id)?.name ?? id;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50/60 p-3" data-testid="unit-costs">
      <p className="text-xs font-medium text-slate-600">What one unit of each prize costs you</p>
      {rows.length === 0 ? (
        <p className="mt-1 text-xs text-slate-500">No segment awards anything yet.</p>
      ) : (
        <ul className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          {rows.map(({ resource, awarded }) => {
            const err = errors[`cost:${resource}`];
            return (
              <li key={resource}>
                <div className="flex items-center gap-3">
                  <label htmlFor={`${prefix}-cost-${resource}`} className="min-w-0 flex-1 truncate text-sm text-slate-700">
                    {name(resource)}
                  </label>
                  <span className="w-28 shrink-0">
                    <MoneyInput id={`${prefix}-cost-${resource}`} className="h-9" value={form.costs[resource] ?? ""} onChange={(v) => set({ costs: { ...form.costs, [resource]: v } })} invalid={!!err} />
                  </span>
                  {!awarded && (
                    <button
                      type="button"
                      className="text-xs text-slate-500 underline-offset-2 hover:text-red-600 hover:underline"
                      onClick={() => set({ costs: Object.fromEntries(Object.entries(form.costs).filter(([k]) => k !== resource)) })}
                    >
                      Remove<span className="sr-only"> the cost of {name(resource)}</span>
                    </button>
                  )}
                </div>
                <CellError message={err} />
              </li>
            );
          })}
        </ul>
      )}
      <CellError message={errors.costs} />
    </div>
  );
}

function MoneyInput({ id, value, onChange, invalid, className }: { id: string; value: string; onChange: (v: string) => void; invalid?: boolean; className?: string }) {
  return <Input id={id} className={cx("text-right tabular-nums", className)} inputMode="decimal" placeholder="0.00" value={value} onChange={(e) => onChange(e.target.value)} invalid={invalid} />;
}
