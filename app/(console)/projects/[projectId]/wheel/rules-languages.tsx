"use client";

import { Badge } from "@/app/_components/Badge";
import { Field } from "@/app/_components/Field";
import { Input, Select, Textarea } from "@/app/_components/Input";
import { directionOf as dirOf, languageName as nameOf, offeredLanguages } from "@/i18n/languages";
import { useProject } from "../use-project";
import type { TDraftForm, TFormErrors } from "./draft-form";

/**
 * The rules' language and their translations. The rules are legal text: the wheel speaks only a
 * language they are written in, so a player whose language has none sees the whole wheel in the
 * rules' own language. Segment labels can be translated beside them (else they show as written).
 */
export function RulesLanguages({ prefix, form, errors, set }: { prefix: string; form: TDraftForm; errors: TFormErrors; set: (patch: Partial<TDraftForm>) => void }) {
  const project = useProject().data;
  if (!project) return null;
  const offered = offeredLanguages(project.languages);
  const own = form.rulesLanguage || project.default_language;
  const others = offered.filter((l) => l !== own);
  const written = [own, ...others.filter((l) => (form.rulesTranslations[l] ?? "").trim() !== "")];
  const missing = others.filter((l) => !written.includes(l));
  const setLabel = (key: string, lang: string, value: string) =>
    set({ segments: form.segments.map((s) => (s.key === key ? { ...s, labelTranslations: { ...s.labelTranslations, [lang]: value } } : s)) });
  return (
    <div className="space-y-3" data-testid="rules-languages">
      <Field label="Language of the rules above" htmlFor={`${prefix}-rules-lang`} error={errors.rulesLanguage} hint={`Your project's default is ${nameOf(project.default_language)}.`}>
        <Select id={`${prefix}-rules-lang`} value={own} onChange={(e) => set({ rulesLanguage: e.target.value === project.default_language ? "" : e.target.value })}>
          {offered.map((l) => (
            <option key={l} value={l}>
              {nameOf(l)}
            </option>
          ))}
        </Select>
      </Field>
      <p className="text-sm text-slate-600" role="status" data-testid="rules-languages-summary">
        The wheel speaks {written.map(nameOf).join(", ")}.
        {missing.length > 0 && ` Players who speak ${missing.map(nameOf).join(", ")} see the wheel in ${nameOf(own)} until you write the rules in their language.`}
      </p>
      {others.map((lang) => {
        const text = form.rulesTranslations[lang] ?? "";
        return (
          <details key={lang} className="rounded-lg border border-slate-200 px-3 py-2">
            <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
              Rules in {nameOf(lang)} {text.trim() !== "" ? <Badge tone="green">Written</Badge> : <Badge tone="neutral">Not written</Badge>}
            </summary>
            <div className="mt-3 space-y-3">
              <Field label={`Rules text (${nameOf(lang)})`} htmlFor={`${prefix}-rules-${lang}`} error={errors[`rulesIn:${lang}`]}>
                <Textarea
                  id={`${prefix}-rules-${lang}`}
                  lang={lang}
                  dir={dirOf(lang)}
                  rows={3}
                  maxLength={4000}
                  value={text}
                  onChange={(e) => set({ rulesTranslations: { ...form.rulesTranslations, [lang]: e.target.value } })}
                />
              </Field>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                {form.segments.map((s) => (
                  <Field key={s.key} label={`“${s.label || s.id}” in ${nameOf(lang)}`} htmlFor={`${prefix}-label-${lang}-${s.key}`} hint="Empty: shown as written">
                    <Input id={`${prefix}-label-${lang}-${s.key}`} lang={lang} dir={dirOf(lang)} maxLength={40} value={s.labelTranslations[lang] ?? ""} placeholder={s.label} onChange={(e) => setLabel(s.key, lang, e.target.value)} />
                  </Field>
                ))}
              </div>
            </div>
          </details>
        );
      })}
    </div>
  );
}
