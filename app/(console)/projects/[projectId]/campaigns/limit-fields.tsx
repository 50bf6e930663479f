"use client";

import { Field } from "@/app/_components/Field";
import { Input, Select } from "@/app/_components/Input";
import { COOLDOWN_UNITS, timeZoneName, type TCooldownUnit } from "../_rewards/format";
import type { TDraft, TErrors } from "./campaign-draft";

type TProps = { draft: TDraft; set: (patch: Partial<TDraft>) => void; errors: TErrors };

/** How often the campaign may reward, and when it runs. */
export function LimitFields({ draft, set, errors }: TProps) {
  const zone = timeZoneName();
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label="Rewards per player" htmlFor="c-max-user" error={errors.max_per_user} hint="Most rewards one player can earn.">
          <Input id="c-max-user" inputMode="numeric" value={draft.max_per_user} onChange={(e) => set({ max_per_user: e.target.value })} invalid={!!errors.max_per_user} />
        </Field>
        <Field label="Campaign total" htmlFor="c-max-total" error={errors.max_total} hint="Optional cap for everyone together.">
          <Input id="c-max-total" inputMode="numeric" placeholder="No cap" value={draft.max_total} onChange={(e) => set({ max_total: e.target.value })} invalid={!!errors.max_total} />
        </Field>
        <Field label="Cooldown" htmlFor="c-cooldown" error={errors.cooldown_seconds} hint="Wait between two rewards of one player.">
          <div className="flex gap-2">
            <div className="w-24 shrink-0">
              <Input id="c-cooldown" inputMode="numeric" value={draft.cooldown_amount} onChange={(e) => set({ cooldown_amount: e.target.value })} invalid={!!errors.cooldown_seconds} />
            </div>
            <Select aria-label="Cooldown unit" value={draft.cooldown_unit} onChange={(e) => set({ cooldown_unit: e.target.value as TCooldownUnit })}>
              {COOLDOWN_UNITS.map((u) => (
                <option key={u.value} value={u.value}>
                  {u.label}
                </option>
              ))}
            </Select>
          </div>
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Starts" htmlFor="c-starts" error={errors.starts_at} hint={`Empty: right away. Times are in ${zone}.`}>
          <Input id="c-starts" type="datetime-local" value={draft.starts_at} onChange={(e) => set({ starts_at: e.target.value })} invalid={!!errors.starts_at} />
        </Field>
        <Field label="Ends" htmlFor="c-ends" error={errors.ends_at} hint={`Empty: no end. Times are in ${zone}.`}>
          <Input id="c-ends" type="datetime-local" value={draft.ends_at} onChange={(e) => set({ ends_at: e.target.value })} invalid={!!errors.ends_at} />
        </Field>
      </div>
      <p className="text-xs text-slate-500">Rejected rewards count toward none of these limits.</p>
    </div>
  );
}
