"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SaveRefusal } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardFooter, CardHeader } from "@/app/_components/Card";
import { cancelInFlight } from "@/app/_lib/query-data";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";
import { liveWeights, localErrors, sameForm, toDraftInput, toForm, type TDraftForm, type TFormErrors } from "./draft-form";
import { useCurrency } from "./money";
import { LimitsFields } from "./limits-fields";
import { PublishCard } from "./publish-card";
import { RulesFields } from "./rules-fields";
import { SegmentsEditor } from "./segments-editor";
import { serverErrors } from "./server-errors";
import { SimulationCard, type TSimulationState } from "./simulation-card";
import type { TDraftView, TNotice, TWheelId } from "./types";
import type { TResource } from "./use-wheel";
import { WheelPreview } from "./wheel-preview";

type TProps = {
  wheelId: TWheelId;
  view: TDraftView;
  resources: TResource[];
  notice: TNotice;
  onNotice: (n: TNotice) => void;
  simulation: TSimulationState;
  onSimulation: (s: TSimulationState) => void;
};

/** The draft, saved whole with PUT; the server validates it as a whole and names the fields it refuses. */
export function DraftEditor({ wheelId, view, resources, notice, onNotice, simulation, onSimulation }: TProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const currency = useCurrency();
  const [initial] = useState(() => toForm(view.draft, currency));
  const [form, setForm] = useState(initial);
  const [local, setLocal] = useState<TFormErrors>({});
  // The segment keys in the order they were sent, to place the server's indexed issues.
  const [sent, setSent] = useState<string[]>([]);
  const save = useMutation(
    trpc.wheelAdmin.saveDraft.mutationOptions({
      onSuccess: async (saved) => {
        onNotice({ kind: "saved" });
        const key = trpc.wheelAdmin.draft.queryKey({ project_id: projectId, wheel_id: wheelId });
        await cancelInFlight(queryClient, key);
        queryClient.setQueryData(key, saved);
        // Before the first publish, stats read the draft's budgets.
        void queryClient.invalidateQueries({ queryKey: trpc.wheelAdmin.stats.queryKey({ project_id: projectId, wheel_id: wheelId }) });
      },
    }),
  );
  const server = serverErrors(save.error, sent, currency);
  const errors = { ...server.fields, ...local };
  const dirty = !sameForm(form, initial);

  const set = (patch: Partial<TDraftForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    if (notice?.kind === "saved") onNotice(null);
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    onNotice(null);
    const found = localErrors(form);
    setLocal(found);
    if (Object.keys(found).length > 0) return save.reset();
    setSent(form.segments.map((s) => s.key));
    save.mutate({ project_id: projectId, wheel_id: wheelId, ...toDraftInput(form) });
  }

  function reset() {
    setForm(initial);
    setLocal({});
    save.reset();
  }

  const weights = liveWeights(form);
  // Both wheels' editors stay mounted (unsaved edits survive switching), so their ids differ by wheel.
  const prefix = `wheel-${wheelId}`;

  return (
    <div className="space-y-6">
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <form onSubmit={submit} noValidate className="min-w-0">
          <Card>
            <CardHeader title="Draft" description="Edit freely: players see nothing until you publish." actions={<DraftBadge view={view} />} />
            <CardBody className="space-y-8">
              <SegmentsEditor prefix={prefix} form={form} resources={resources} errors={errors} onChange={(segments) => set({ segments })} />
              <LimitsFields prefix={prefix} form={form} resources={resources} errors={errors} set={set} />
              <RulesFields prefix={prefix} form={form} errors={errors} set={set} />
              <SaveRefusal fields={errors} other={server.other} error={save.error} />
            </CardBody>
            <CardFooter className="sticky bottom-0 z-10 backdrop-blur-sm">
              <span className={`mr-auto text-xs sm:text-sm ${notice?.kind === "saved" && !dirty ? "font-medium text-emerald-700" : dirty ? "font-medium text-amber-700" : "text-slate-500"}`} role="status" data-testid="draft-status">
                {dirty ? "Unsaved changes" : notice?.kind === "saved" ? "✓ Draft saved" : "No changes"}
              </span>
              <Button variant="secondary" onClick={reset} disabled={!dirty || save.isPending}>
                Reset
              </Button>
              <Button type="submit" disabled={!dirty} title={dirty ? undefined : "No changes to save yet"} loading={save.isPending}>
                Save draft
              </Button>
            </CardFooter>
          </Card>
        </form>
        <aside className="space-y-6 lg:sticky lg:top-4">
          <Card>
            <CardHeader title="Preview" />
            <CardBody>
              <WheelPreview slices={form.segments.map((s, i) => ({ key: s.key, label: s.label, icon: s.icon, weight: weights[i]! }))} />
            </CardBody>
          </Card>
          <PublishCard wheelId={wheelId} view={view} dirty={dirty} notice={notice} onNotice={onNotice} />
        </aside>
      </div>
      <SimulationCard wheelId={wheelId} view={view} dirty={dirty} state={simulation} onState={onSimulation} />
    </div>
  );
}

function DraftBadge({ view }: { view: TDraftView }) {
  if (view.published_version === null) return <Badge tone="amber">Never published</Badge>;
  if (view.draft_hash === view.published_draft_hash) return <Badge tone="green">Same as version {view.published_version}</Badge>;
  return <Badge tone="amber">Differs from version {view.published_version}</Badge>;
}
