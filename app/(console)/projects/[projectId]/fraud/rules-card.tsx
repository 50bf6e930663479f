"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { Skeleton } from "@/app/_components/Spinner";
import { Switch } from "@/app/_components/Switch";
import { issuesByPath } from "@/app/_lib/errors";
import { cancelInFlight } from "@/app/_lib/query-data";
import { useTRPC } from "@/app/_lib/trpc";
import { ruleName, ruleParam } from "../_rewards/labels";
import type { TFraudRules } from "../_rewards/types";
import { useProjectId } from "../use-project";

export function RulesCard() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const rules = useQuery(trpc.fraud.rules.queryOptions({ project_id: projectId }));
  // Lives here: a save re-seeds (remounts) the form, which must still say it saved.
  const [justSaved, setJustSaved] = useState(false);
  if (rules.error) return <ErrorAlert error={rules.error} showCode={false} />;
  if (!rules.data) return <Skeleton className="h-96 rounded-xl" />;
  return <RulesForm key={JSON.stringify(rules.data)} saved={rules.data} justSaved={justSaved} onSaved={setJustSaved} />;
}

type TRuleDraft = { type: string; summary: string; enabled: boolean; weight: string; params: Record<string, string> };
const BASE = new Set(["type", "summary", "enabled", "weight"]);

function toDraft(c: TFraudRules) {
  return {
    hold: String(c.thresholds.hold),
    review: String(c.thresholds.review),
    reject: String(c.thresholds.reject),
    holdMinutes: String(c.hold_minutes),
    rules: c.rules.map((r): TRuleDraft => ({
      type: r.type,
      summary: r.summary,
      enabled: r.enabled,
      weight: String(r.weight),
      params: Object.fromEntries(Object.entries(r).filter(([k, v]) => !BASE.has(k) && typeof v === "number").map(([k, v]) => [k, String(v)])),
    })),
  };
}

/** Thresholds on the 0–100 risk score, and per rule its switch, weight and own limits. */
function RulesForm({ saved, justSaved, onSaved }: { saved: TFraudRules; justSaved: boolean; onSaved: (v: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const [d, setD] = useState(() => toDraft(saved));
  const save = useMutation(
    trpc.fraud.setRules.mutationOptions({
      onSuccess: async (c) => {
        onSaved(true);
        const key = trpc.fraud.rules.queryKey({ project_id: projectId });
        await cancelInFlight(queryClient, key);
        queryClient.setQueryData(key, c);
        void queryClient.invalidateQueries({ queryKey: trpc.fraud.metrics.pathKey() });
      },
    }),
  );
  const errors = issuesByPath(save.error);
  const n = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));
  const [hold, review, reject] = [n(d.hold), n(d.review), n(d.reject)];
  const ordered = hold <= review && review <= reject;
  const setRule = (i: number, patch: Partial<TRuleDraft>) => setD((x) => ({ ...x, rules: x.rules.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  const dirty = JSON.stringify(d) !== JSON.stringify(toDraft(saved));

  function submit(e: React.FormEvent) {
    e.preventDefault();
    onSaved(false);
    save.mutate({
      project_id: projectId,
      thresholds: { hold, review, reject },
      hold_minutes: n(d.holdMinutes),
      rules: Object.fromEntries(d.rules.map((r) => [r.type, { enabled: r.enabled, weight: n(r.weight), ...Object.fromEntries(Object.entries(r.params).map(([k, v]) => [k, n(v)])) }])),
    });
  }

  const num = (id: string, label: string, value: string, on: (v: string) => void, error?: string, hint?: string) => (
    <Field label={label} htmlFor={id} error={error} hint={hint}>
      <Input id={id} inputMode="numeric" value={value} onChange={(e) => on(e.target.value)} invalid={!!error} />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Card>
        <CardHeader title="Rules" description="Each enabled rule that matches adds its score × weight; the total (capped at 100) decides what happens to a claim." />
        <CardBody className="space-y-6">
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {num("t-hold", "Hold from score", d.hold, (v) => setD({ ...d, hold: v }), errors["thresholds.hold"])}
            {num("t-review", "Review from score", d.review, (v) => setD({ ...d, review: v }), errors["thresholds.review"])}
            {num("t-reject", "Reject from score", d.reject, (v) => setD({ ...d, reject: v }), errors["thresholds.reject"], "101: never reject")}
            {num("t-minutes", "Hold for (minutes)", d.holdMinutes, (v) => setD({ ...d, holdMinutes: v }), errors.hold_minutes, "Then scored again")}
          </div>
          <p className={`text-sm ${ordered ? "text-slate-600" : "font-medium text-red-600"}`} role={ordered ? undefined : "alert"}>
            {ordered && Number.isFinite(hold)
              ? `Below ${hold}: delivered at once · ${hold}–${review - 1}: held · ${review}–${reject - 1}: your review · ${reject} and up: rejected.`
              : (errors.thresholds ?? "Keep hold ≤ review ≤ reject.")}
          </p>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {d.rules.map((r, i) => (
              <li key={r.type} className="space-y-3 p-4" data-testid={`rule-${r.type}`}>
                <div className="flex items-start justify-between gap-4">
                  <div>
                    <label htmlFor={`rule-${r.type}-on`} className="text-sm font-medium text-slate-900">
                      {ruleName(r.type)}
                    </label>
                    <p className="mt-0.5 text-xs text-slate-500">{r.summary}</p>
                  </div>
                  <Switch id={`rule-${r.type}-on`} label={`${ruleName(r.type)} rule`} checked={r.enabled} onChange={(v) => setRule(i, { enabled: v })} />
                </div>
                {r.enabled && (
                  <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
                    <ParamInput id={`rule-${r.type}-weight`} label="Weight" unit="× (0–5)" value={r.weight} onChange={(v) => setRule(i, { weight: v })} error={errors[`rules.${r.type}.weight`]} />
                    {Object.entries(r.params).map(([k, v]) => {
                      const p = ruleParam(k);
                      return <ParamInput key={k} id={`rule-${r.type}-${k}`} label={p.label} unit={p.unit} value={v} onChange={(nv) => setRule(i, { params: { ...r.params, [k]: nv } })} error={errors[`rules.${r.type}.${k}`]} />;
                    })}
                  </div>
                )}
              </li>
            ))}
          </ul>
          {save.error && Object.keys(errors).length === 0 && <ErrorAlert error={save.error} showCode={false} />}
        </CardBody>
        <div className="flex items-center justify-end gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-5 py-3 sm:px-6">
          <span className={`mr-auto text-sm ${justSaved && !dirty ? "font-medium text-emerald-700" : "text-slate-500"}`} role="status">
            {dirty ? "Unsaved changes apply to new claims and to held ones when re-checked." : justSaved ? "✓ Rules saved" : ""}
          </span>
          <Button type="submit" disabled={!dirty || !ordered} title={!dirty ? "No changes to save yet" : !ordered ? "Fix the thresholds first: hold, then review, then reject, each at least the one before" : undefined} loading={save.isPending}>
            Save rules
          </Button>
        </div>
      </Card>
    </form>
  );
}

function ParamInput({ id, label, unit, value, onChange, error }: { id: string; label: string; unit?: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <Field label={label} htmlFor={id} error={error} hint={unit}>
      <Input id={id} inputMode="decimal" className="h-9" value={value} onChange={(e) => onChange(e.target.value)} invalid={!!error} />
    </Field>
  );
}
