"use client";

import { Field } from "@/app/_components/Field";
import { Input, Select, Textarea } from "@/app/_components/Input";
import { RadioCards } from "@/app/_components/RadioCards";
import { parseCustomJson, type TDraft, type TErrors, type TRewardType } from "./campaign-draft";

type TProps = { draft: TDraft; set: (patch: Partial<TDraft>) => void; errors: TErrors };

const TYPES: Array<{ value: TRewardType; label: string; description: string }> = [
  { value: "promo_code", label: "Promo code", description: "A discount code your shop issues." },
  { value: "points", label: "Points", description: "Loyalty points you credit." },
  { value: "free_shipping", label: "Free shipping", description: "On the player's next order." },
  { value: "gift", label: "Gift", description: "An item, by your SKU." },
  { value: "custom", label: "Custom", description: "Your own JSON, passed on as is." },
];

/**
 * What the integrator grants. Playloop issues nothing itself: these fields travel in the
 * reward webhook and the shop's server turns them into a code, points or a parcel.
 */
export function RewardFields({ draft, set, errors }: TProps) {
  const e = (k: string) => errors[`reward_metadata.${k}`];
  const currency = (
    <Field label="Currency" htmlFor="c-currency" error={e("currency")} hint="3 letters, e.g. EUR.">
      <Input id="c-currency" maxLength={3} className="uppercase" value={draft.currency} onChange={(ev) => set({ currency: ev.target.value.toUpperCase() })} invalid={!!e("currency")} />
    </Field>
  );

  return (
    <div className="space-y-5">
      <Field label="Reward type" error={errors.reward_type}>
        <RadioCards name="reward_type" value={draft.reward_type} onChange={(v) => set({ reward_type: v })} options={TYPES} columns={3} />
      </Field>

      {draft.reward_type === "promo_code" && (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Discount" htmlFor="c-discount-kind">
            <Select id="c-discount-kind" value={draft.discount_kind} onChange={(ev) => set({ discount_kind: ev.target.value as TDraft["discount_kind"] })}>
              <option value="percent">Percent off</option>
              <option value="amount">Fixed amount off</option>
            </Select>
          </Field>
          {draft.discount_kind === "percent" ? (
            <Field label="Discount (%)" htmlFor="c-percent" error={e("discount_percent")}>
              <Input id="c-percent" inputMode="decimal" value={draft.discount_percent} onChange={(ev) => set({ discount_percent: ev.target.value })} invalid={!!e("discount_percent")} />
            </Field>
          ) : (
            <>
              <Field label="Amount off" htmlFor="c-amount" error={e("discount_minor")} hint="e.g. 5 or 4.99">
                <Input id="c-amount" inputMode="decimal" value={draft.discount_amount} onChange={(ev) => set({ discount_amount: ev.target.value })} invalid={!!e("discount_minor")} />
              </Field>
              {currency}
            </>
          )}
          <Field label="Code prefix" htmlFor="c-prefix" error={e("code_prefix")} hint="Optional, e.g. WIN.">
            <Input id="c-prefix" maxLength={32} value={draft.code_prefix} onChange={(ev) => set({ code_prefix: ev.target.value })} invalid={!!e("code_prefix")} />
          </Field>
          <Field label="Valid for (days)" htmlFor="c-valid-days" error={e("valid_days")} hint="Optional.">
            <Input id="c-valid-days" inputMode="numeric" value={draft.valid_days} onChange={(ev) => set({ valid_days: ev.target.value })} invalid={!!e("valid_days")} />
          </Field>
        </div>
      )}

      {draft.reward_type === "points" && (
        <Field label="Points" htmlFor="c-points" error={e("amount")} hint="Credited once per reward." className="sm:max-w-xs">
          <Input id="c-points" inputMode="numeric" value={draft.points} onChange={(ev) => set({ points: ev.target.value })} invalid={!!e("amount")} />
        </Field>
      )}

      {draft.reward_type === "free_shipping" && (
        <div className="grid gap-5 sm:grid-cols-2 lg:max-w-xl">
          <Field label="Minimum order" htmlFor="c-min-order" error={e("min_order_minor")} hint="Optional, e.g. 20.">
            <Input id="c-min-order" inputMode="decimal" value={draft.min_order} onChange={(ev) => set({ min_order: ev.target.value })} invalid={!!e("min_order_minor")} />
          </Field>
          {currency}
        </div>
      )}

      {draft.reward_type === "gift" && (
        <Field label="Gift SKU" htmlFor="c-sku" error={e("sku")} hint="The product your shop adds to the order." className="sm:max-w-sm">
          <Input id="c-sku" maxLength={128} className="font-mono" value={draft.sku} onChange={(ev) => set({ sku: ev.target.value })} invalid={!!e("sku")} />
        </Field>
      )}

      {draft.reward_type === "custom" && <CustomJson value={draft.custom_json} onChange={(v) => set({ custom_json: v })} error={errors.reward_metadata} />}

      {draft.reward_type !== "custom" && errors.reward_metadata && <p className="text-sm text-red-600" role="alert">{errors.reward_metadata}</p>}
    </div>
  );
}

/** A small JSON editor: the object is checked as the admin types, and on blur tidied up. */
function CustomJson({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const live = parseCustomJson(value);
  const shown = error ?? (value.trim() && live.error ? live.error : null);
  return (
    <Field
      label="Reward metadata (JSON)"
      htmlFor="c-custom"
      error={shown}
      hint={live.value ? `${Object.keys(live.value).length} field(s), ${new TextEncoder().encode(JSON.stringify(live.value)).length} of 4,096 bytes. Sent to your webhook untouched.` : undefined}
    >
      <Textarea
        id="c-custom"
        rows={6}
        spellCheck={false}
        className="font-mono text-xs"
        value={value}
        onChange={(ev) => onChange(ev.target.value)}
        onBlur={() => live.value && onChange(JSON.stringify(live.value, null, 2))}
        invalid={!!shown}
      />
    </Field>
  );
}
