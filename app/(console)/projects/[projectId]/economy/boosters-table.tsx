"use client";

import { Button } from "@/app/_components/Button";
import { Field } from "@/app/_components/Field";
import { Input, Select } from "@/app/_components/Input";
import { MAX_BOOSTERS, newBooster, type TBoosterDraft, type TDraftErrors, type TResourceDraft } from "./config-draft";
import { GAME_EFFECTS, GAMES_WITH_BOOSTERS } from "./labels";
import { SectionTitle } from "@/app/_components/SectionTitle";
import { CellError, RemoveButton } from "./table-parts";

type TProps = { boosters: TBoosterDraft[]; resources: TResourceDraft[]; errors: TDraftErrors; onChange: (boosters: TBoosterDraft[]) => void };

/** What players can buy: one effect of one game, for a price in one resource. */
export function BoostersTable({ boosters, resources, errors, onChange }: TProps) {
  const update = (key: string, patch: Partial<TBoosterDraft>) => onChange(boosters.map((b) => (b.key === key ? { ...b, ...patch } : b)));
  return (
    <section aria-labelledby="boosters-title" className="space-y-3">
      <SectionTitle id="boosters-title" title="Boosters" hint="Bought with a resource, then played once in a run of their game." count={`${boosters.length} / ${MAX_BOOSTERS}`} />
      {boosters.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">No boosters: players hold resources but cannot buy anything.</p>
      ) : (
        <ul className="space-y-3" data-testid="boosters">
          {boosters.map((b, i) => (
            <li key={b.key}>
              <BoosterRow booster={b} index={i} resources={resources} errors={errors} onChange={(patch) => update(b.key, patch)} onRemove={() => onChange(boosters.filter((x) => x.key !== b.key))} />
            </li>
          ))}
        </ul>
      )}
      <CellError message={errors.boosters} />
      <Button variant="secondary" size="sm" disabled={boosters.length >= MAX_BOOSTERS} onClick={() => onChange([...boosters, newBooster(resources)])}>
        + Add booster
      </Button>
    </section>
  );
}

type TRowProps = { booster: TBoosterDraft; index: number; resources: TResourceDraft[]; errors: TDraftErrors; onChange: (patch: Partial<TBoosterDraft>) => void; onRemove: () => void };

function BoosterRow({ booster: b, index, resources, errors, onChange, onRemove }: TRowProps) {
  const id = (f: string) => `booster-${b.key}-${f}`;
  const e = (f: string) => errors[`b:${b.key}:${f}`];
  const game = GAME_EFFECTS[b.mechanic];
  const effects = game?.effects ?? [];
  const named = resources.filter((r) => r.id.trim() !== "");
  // A price in a resource since removed or renamed stays visible (and the server names it on save).
  const orphan = b.price_resource !== "" && !named.some((r) => r.id.trim() === b.price_resource);
  const title = b.name.trim() || `Booster ${index + 1}`;
  return (
    <div role="group" aria-labelledby={id("title")} className="rounded-lg border border-slate-200 p-4">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h4 id={id("title")} className="min-w-0 truncate text-sm font-medium text-slate-900">
          {title}
          {game && <span className="font-normal text-slate-500"> · {game.game}</span>}
        </h4>
        <RemoveButton label={`Remove booster ${title}`} onClick={onRemove} />
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-12">
        <Field label="ID" htmlFor={id("id")} error={e("id")} className="min-w-0 lg:col-span-3">
          <Input id={id("id")} className="h-9 font-mono" maxLength={32} placeholder="gem_shuffle" value={b.id} onChange={(ev) => onChange({ id: ev.target.value })} invalid={!!e("id")} />
        </Field>
        <Field label="Name" htmlFor={id("name")} error={e("name")} className="min-w-0 lg:col-span-3">
          <Input id={id("name")} className="h-9" maxLength={40} placeholder="Shuffle" value={b.name} onChange={(ev) => onChange({ name: ev.target.value })} invalid={!!e("name")} />
        </Field>
        <Field label="Description" htmlFor={id("description")} error={e("description")} className="col-span-2 lg:col-span-6">
          <Input id={id("description")} className="h-9" maxLength={200} placeholder="Shown to players in the shop" value={b.description} onChange={(ev) => onChange({ description: ev.target.value })} invalid={!!e("description")} />
        </Field>
        <Field label="Game" htmlFor={id("mechanic")} error={e("mechanic")} className="col-span-2 min-w-0 sm:col-span-1 lg:col-span-3">
          <Select
            id={id("mechanic")}
            className="h-9"
            value={b.mechanic}
            // Another game offers other effects: start from its first.
            onChange={(ev) => onChange({ mechanic: ev.target.value, effect: GAME_EFFECTS[ev.target.value]?.effects[0]?.id ?? "" })}
            invalid={!!e("mechanic")}
          >
            {!game && <option value={b.mechanic}>{b.mechanic} (unknown)</option>}
            {GAMES_WITH_BOOSTERS.map((m) => (
              <option key={m} value={m}>
                {GAME_EFFECTS[m]!.game}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Effect" htmlFor={id("effect")} error={e("effect")} className="col-span-2 min-w-0 sm:col-span-1 lg:col-span-4">
          <Select id={id("effect")} className="h-9" value={b.effect} onChange={(ev) => onChange({ effect: ev.target.value })} invalid={!!e("effect")}>
            {!effects.some((x) => x.id === b.effect) && <option value={b.effect}>{b.effect || "—"} (not offered)</option>}
            {effects.map((x) => (
              <option key={x.id} value={x.id}>
                {x.label}
              </option>
            ))}
          </Select>
        </Field>
        {/* the effect's words are the longest of the row ("Peek at every card"): it gets a column of the price's */}
        <div className="col-span-2 space-y-1.5 lg:col-span-5">
          <label htmlFor={id("price")} className="block text-sm font-medium text-slate-700">
            Price
          </label>
          <div className="flex gap-2">
            <div className="w-24 shrink-0 sm:w-28">
              <Input id={id("price")} className="h-9 text-right tabular-nums" inputMode="numeric" value={b.price_amount} onChange={(ev) => onChange({ price_amount: ev.target.value })} invalid={!!e("price.amount")} />
            </div>
            <Select aria-label="Price resource" className="h-9" value={b.price_resource} onChange={(ev) => onChange({ price_resource: ev.target.value })} invalid={!!e("price.resource_id") || orphan}>
              {(orphan || b.price_resource === "") && <option value={b.price_resource}>{b.price_resource ? `${b.price_resource} (missing)` : "Choose a resource"}</option>}
              {named.map((r) => (
                <option key={r.key} value={r.id.trim()}>
                  {r.name.trim() || r.id.trim()}
                </option>
              ))}
            </Select>
          </div>
          <CellError message={e("price.amount")} />
          <CellError message={e("price.resource_id") ?? (orphan ? `“${b.price_resource}” is not one of the resources above.` : undefined)} />
        </div>
      </div>
    </div>
  );
}
