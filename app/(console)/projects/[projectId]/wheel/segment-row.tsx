"use client";

import { cx } from "@/app/_components/cx";
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from "@/app/_components/Icons";
import { Input, Select } from "@/app/_components/Input";
import { awardedResource, type TFormErrors, type TSegmentForm } from "./draft-form";
import { IconPicker } from "./icon-picker";
import { sliceColor, TICKETS } from "./labels";
import { formatMoney, formatShare, parseMoney, useCurrency } from "./money";
import type { TResource } from "./use-wheel";

type TProps = {
  segment: TSegmentForm;
  index: number;
  count: number;
  chance: number;
  unitCost: string | undefined;
  resources: TResource[];
  errors: TFormErrors;
  canRemove: boolean;
  onChange: (patch: Partial<TSegmentForm>) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
};

/**
 * One segment: icon, label, award, weight and optional caps. Where the segment list is narrow (a
 * phone, or beside the preview on a laptop) the fields stack with their own labels; where it is
 * 48rem wide or more (a container query on the list) they line up under its column header.
 */
export function SegmentRow({ segment: s, index, count, chance, unitCost, resources, errors, canRemove, onChange, onMove, onRemove }: TProps) {
  const currency = useCurrency();
  const e = (f: string) => errors[`s:${s.key}:${f}`];
  const id = (f: string) => `segment-${s.key}-${f}`;
  const nothing = s.award === "nothing";
  const resource = awardedResource(s);
  const unit = unitCost === undefined ? null : parseMoney(unitCost, currency);
  const amount = Number(s.amount);
  const cost = nothing ? 0 : unit !== null && Number.isInteger(amount) ? unit * amount : null;
  const name = `Segment ${index + 1}${s.label.trim() ? `: ${s.label.trim()}` : ""}`;
  const known = resources.some((r) => `resource:${r.id}` === s.award);

  return (
    <li>
      <div role="group" aria-label={name} className="relative grid grid-cols-[2.5rem_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 py-3 pr-3 pl-4 @3xl:grid-cols-[2.5rem_minmax(0,1fr)_10rem_5.5rem_5.5rem_4.25rem]">
        <span className="absolute inset-y-2 left-0 w-1 rounded-r" style={{ backgroundColor: sliceColor(index) }} aria-hidden="true" />
        <div>
          <IconPicker id={id("icon")} label={`Icon of segment ${index + 1}`} value={s.icon} onChange={(icon) => onChange({ icon })} invalid={!!e("icon")} />
        </div>
        <div className="min-w-0">
          <label htmlFor={id("label")} className="sr-only">
            Label of segment {index + 1}
          </label>
          <Input id={id("label")} className="h-10" maxLength={40} placeholder="Label, e.g. 10 coins" value={s.label} onChange={(ev) => onChange({ label: ev.target.value })} invalid={!!e("label")} />
          <p className={cx("mt-1 truncate font-mono text-[11px]", e("id") ? "text-red-600" : "text-slate-500")} title="The segment's id in spins and stats">
            {s.id}
            {s.fresh && " · new"}
          </p>
          <CellError message={e("label") ?? e("id") ?? e("icon")} />
        </div>

        {/* Narrow: one line of three; in a wide list these cells join the row. */}
        <div className="col-span-3 grid grid-cols-[minmax(0,1fr)_4.5rem_4.5rem] gap-2 @3xl:contents">
          <div className="min-w-0">
            <label htmlFor={id("award")} className="mb-1 block text-xs font-medium text-slate-500 @3xl:sr-only">
              Award<span className="sr-only"> of segment {index + 1}</span>
            </label>
            <Select id={id("award")} value={s.award} onChange={(ev) => onChange({ award: ev.target.value, ...(ev.target.value === "nothing" ? { capDaily: "", capTotal: "" } : {}) })} invalid={!!e("award")}>
              <option value="nothing">Nothing</option>
              {resources.map((r) => (
                <option key={r.id} value={r.id === TICKETS ? "tickets" : `resource:${r.id}`}>
                  {r.name}
                </option>
              ))}
              {!nothing && s.award !== "tickets" && !known && <option value={s.award}>{resource}</option>}
            </Select>
            <CellError message={e("award")} />
          </div>
          <div>
            <label htmlFor={id("amount")} className="mb-1 block text-xs font-medium text-slate-500 @3xl:sr-only">
              Amount<span className="sr-only"> of segment {index + 1}</span>
            </label>
            <Input
              id={id("amount")}
              className="text-right tabular-nums"
              inputMode="numeric"
              disabled={nothing}
              value={nothing ? "" : s.amount}
              placeholder={nothing ? "—" : undefined}
              onChange={(ev) => onChange({ amount: ev.target.value })}
              invalid={!!e("amount")}
            />
            <CellError message={e("amount")} />
          </div>
          <div>
            <label htmlFor={id("weight")} className="mb-1 block text-xs font-medium text-slate-500 @3xl:sr-only">
              Weight<span className="sr-only"> of segment {index + 1}</span>
            </label>
            <Input id={id("weight")} className="text-right tabular-nums" inputMode="numeric" value={s.weight} onChange={(ev) => onChange({ weight: ev.target.value })} invalid={!!e("weight")} />
            <CellError message={e("weight")} />
          </div>
        </div>

        <div className="col-start-3 row-start-1 flex items-center gap-0.5 @3xl:col-start-auto @3xl:row-start-auto">
          <div className="flex flex-col">
            <MoveButton label={`Move segment ${index + 1} up`} disabled={index === 0} onClick={() => onMove(-1)} up />
            <MoveButton label={`Move segment ${index + 1} down`} disabled={index === count - 1} onClick={() => onMove(1)} />
          </div>
          <button
            type="button"
            aria-label={`Remove segment ${index + 1}`}
            title={canRemove ? `Remove segment ${index + 1}` : "A wheel keeps at least two segments"}
            disabled={!canRemove}
            onClick={onRemove}
            className="inline-grid size-9 place-items-center rounded-md text-slate-400 transition hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-slate-400"
          >
            <TrashIcon className="size-4" />
          </button>
        </div>

        <div className="col-span-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-xs text-slate-500 @3xl:col-span-5 @3xl:col-start-2">
          {nothing ? (
            <span>No caps: spins land here when a budget or another segment&apos;s cap runs out.</span>
          ) : (
            <span className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
              <span>Cap</span>
              <CapInput id={id("cap-daily")} label={`Cap per day of segment ${index + 1}`} unit="a day" value={s.capDaily} onChange={(capDaily) => onChange({ capDaily })} error={e("capDaily")} />
              <CapInput id={id("cap-total")} label={`Cap in total of segment ${index + 1}`} unit="in total" value={s.capTotal} onChange={(capTotal) => onChange({ capTotal })} error={e("capTotal")} />
            </span>
          )}
          <span className="tabular-nums" data-testid="segment-odds">
            <span className="font-medium text-slate-700">{formatShare(chance)}</span> chance · {cost === null ? "cost unknown" : cost === 0 ? "costs nothing" : `${formatMoney(cost, currency)} a landing`}
          </span>
          <CellError message={e("capDaily") ?? e("capTotal") ?? e("caps")} />
        </div>
      </div>
    </li>
  );
}

function CapInput({ id, label, unit, value, onChange, error }: { id: string; label: string; unit: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span className="w-16">
        <Input id={id} aria-label={label} className="h-8 text-right tabular-nums" inputMode="numeric" placeholder="none" value={value} onChange={(e) => onChange(e.target.value)} invalid={!!error} />
      </span>
      {unit}
    </span>
  );
}

function MoveButton({ label, disabled, onClick, up }: { label: string; disabled: boolean; onClick: () => void; up?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-grid h-4.5 w-7 place-items-center rounded text-slate-400 transition hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent"
    >
      {up ? <ArrowUpIcon className="size-3.5" /> : <ArrowDownIcon className="size-3.5" />}
    </button>
  );
}

export function CellError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p className="mt-1 w-full text-xs text-red-600" role="alert">
      {message}
    </p>
  );
}
