"use client";

import { Field } from "@/app/_components/Field";
import { Input, Textarea } from "@/app/_components/Input";
import type { TDraftForm, TFormErrors } from "./draft-form";
import { SectionTitle } from "@/app/_components/SectionTitle";
import { RulesLanguages } from "./rules-languages";

/** The rules players can read beside the wheel, and who runs the draw. */
export function RulesFields({ prefix, form, errors, set }: { prefix: string; form: TDraftForm; errors: TFormErrors; set: (patch: Partial<TDraftForm>) => void }) {
  const text = (field: "orgName" | "orgAddress" | "orgContact" | "orgUrl", id: string, label: string, hint?: string, type = "text") => (
    <Field label={label} htmlFor={id} error={errors[field]} hint={hint}>
      <Input id={id} type={type} value={form[field]} onChange={(e) => set({ [field]: e.target.value })} invalid={!!errors[field]} />
    </Field>
  );
  return (
    <section aria-labelledby={`${prefix}-rules-title`} className="space-y-3">
      <SectionTitle id={`${prefix}-rules-title`} title="Rules" hint="Shown to players with the wheel." />
      <Field label="Rules text" htmlFor={`${prefix}-rules`} error={errors.rulesText} aside={<span className="text-xs text-slate-500 tabular-nums">{form.rulesText.length} / 4000</span>}>
        <Textarea id={`${prefix}-rules`} rows={3} maxLength={4000} value={form.rulesText} onChange={(e) => set({ rulesText: e.target.value })} invalid={!!errors.rulesText} />
      </Field>
      <RulesLanguages prefix={prefix} form={form} errors={errors} set={set} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {text("orgName", `${prefix}-org-name`, "Organizer")}
        {text("orgContact", `${prefix}-org-contact`, "Contact", "Optional: an email or phone number")}
        {text("orgAddress", `${prefix}-org-address`, "Address", "Optional")}
        {text("orgUrl", `${prefix}-org-url`, "Website", "Optional: https://…", "url")}
      </div>
    </section>
  );
}
