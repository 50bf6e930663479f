"use client";

import { Button } from "@/app/_components/Button";
import { Input } from "@/app/_components/Input";
import { MAX_RESOURCES, newResource, type TDraftErrors, type TResourceDraft } from "./config-draft";
import { SectionTitle } from "@/app/_components/SectionTitle";
import { CellError, RemoveButton } from "./table-parts";

type TProps = { resources: TResourceDraft[]; errors: TDraftErrors; onChange: (resources: TResourceDraft[]) => void };

/** What players hold: an id for the API, a name for people, and what a new player starts with. */
export function ResourcesTable({ resources, errors, onChange }: TProps) {
  const update = (key: string, patch: Partial<TResourceDraft>) => onChange(resources.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <section aria-labelledby="resources-title" className="space-y-3">
      <SectionTitle id="resources-title" title="Resources" hint="Currencies players hold. A player never seen before starts with the starting balance." count={`${resources.length} / ${MAX_RESOURCES}`} />
      {/* A table on wider screens; on a phone each resource is two lines with its own labels. */}
      <div className="rounded-lg border border-slate-200" data-testid="resources">
        <div className="hidden grid-cols-[1fr_1fr_9rem_2.25rem] gap-3 rounded-t-lg border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-medium tracking-wide text-slate-500 uppercase sm:grid" aria-hidden="true">
          <span>ID</span>
          <span>Name</span>
          <span>Starting balance</span>
        </div>
        <ul className="divide-y divide-slate-100">
          {resources.map((r, i) => {
            const e = (f: string) => errors[`r:${r.key}:${f}`];
            const id = (f: string) => `resource-${r.key}-${f}`;
            return (
              <li key={r.key} className="grid grid-cols-[1fr_1fr_2.25rem] items-start gap-x-3 gap-y-2 px-3 py-3 sm:grid-cols-[1fr_1fr_9rem_2.25rem] sm:py-2">
                <div>
                  <label htmlFor={id("id")} className="mb-1 block text-xs font-medium text-slate-500 sm:sr-only">
                    ID
                    <span className="sr-only"> of resource {i + 1}</span>
                  </label>
                  <Input id={id("id")} className="h-9 font-mono" maxLength={32} placeholder="coins" value={r.id} onChange={(ev) => update(r.key, { id: ev.target.value })} invalid={!!e("id")} />
                  <CellError message={e("id")} />
                </div>
                <div>
                  <label htmlFor={id("name")} className="mb-1 block text-xs font-medium text-slate-500 sm:sr-only">
                    Name
                    <span className="sr-only"> of resource {i + 1}</span>
                  </label>
                  <Input id={id("name")} className="h-9" maxLength={40} placeholder="Coins" value={r.name} onChange={(ev) => update(r.key, { name: ev.target.value })} invalid={!!e("name")} />
                  <CellError message={e("name")} />
                </div>
                <div className="col-span-2 flex flex-wrap items-center gap-x-3 sm:col-span-1 sm:block">
                  <label htmlFor={id("start")} className="shrink-0 text-xs font-medium text-slate-500 sm:sr-only">
                    Starting balance
                    <span className="sr-only"> of resource {i + 1}</span>
                  </label>
                  <div className="w-28 sm:w-auto">
                    <Input id={id("start")} className="h-9 text-right tabular-nums" inputMode="numeric" value={r.starting_balance} onChange={(ev) => update(r.key, { starting_balance: ev.target.value })} invalid={!!e("starting_balance")} />
                  </div>
                  <CellError message={e("starting_balance")} />
                </div>
                <div className="col-start-3 row-start-1 pt-5 text-right sm:col-start-4 sm:pt-0">
                  <RemoveButton label={`Remove resource ${r.name || r.id || i + 1}`} disabled={resources.length <= 1} onClick={() => onChange(resources.filter((x) => x.key !== r.key))} />
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      <CellError message={errors.resources} />
      <Button variant="secondary" size="sm" disabled={resources.length >= MAX_RESOURCES} onClick={() => onChange([...resources, newResource()])}>
        + Add resource
      </Button>
    </section>
  );
}
