"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert, SaveRefusal } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Skeleton } from "@/app/_components/Spinner";
import { Switch } from "@/app/_components/Switch";
import { useTRPC } from "@/app/_lib/trpc";
import type { TEconomySettings } from "../_rewards/types";
import { useProjectId } from "../use-project";
import { BoostersTable } from "./boosters-table";
import { localErrors, sameConfig, sameDraft, serverErrors, toConfig, toDraft, type TDraftErrors, type TEconomyDraft } from "./config-draft";
import { ResourcesTable } from "./resources-table";
import { useEconomySettings } from "./use-economy";

export function SettingsCard() {
  const settings = useEconomySettings();
  // Lives here: a save re-seeds (remounts) the form, which must still say it saved.
  const [justSaved, setJustSaved] = useState(false);
  if (settings.error) return <ErrorAlert error={settings.error} showCode={false} />;
  if (!settings.data) return <Skeleton className="h-96 rounded-xl" />;
  const s = settings.data;
  return <SettingsForm key={`${s.config_revision}:${s.economy_enabled}`} saved={s} justSaved={justSaved} onSaved={setJustSaved} />;
}

/** The switch, the resources and the boosters, saved together; the server validates the whole. */
function SettingsForm({ saved, justSaved, onSaved }: { saved: TEconomySettings; justSaved: boolean; onSaved: (v: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const [initial] = useState(() => toDraft(saved));
  const [draft, setDraft] = useState(initial);
  const [local, setLocal] = useState<TDraftErrors>({});
  // The row keys in the order they were sent, to place the server's indexed issues.
  const [sent, setSent] = useState<{ resources: string[]; boosters: string[] }>({ resources: [], boosters: [] });
  const save = useMutation(
    trpc.economyAdmin.updateSettings.mutationOptions({
      onSuccess: async () => {
        onSaved(true);
        // Names and starting balances shown for players come from the settings.
        void queryClient.invalidateQueries({ queryKey: trpc.economyAdmin.player.pathKey() });
        // Saving until the saved settings are back, so the form never shows its old state as unsaved.
        await queryClient.invalidateQueries({ queryKey: trpc.economyAdmin.settings.queryKey({ project_id: projectId }) });
      },
    }),
  );
  const server = serverErrors(save.error, sent);
  const errors = { ...server.fields, ...local };
  const dirty = !sameDraft(draft, initial);

  const set = (patch: Partial<TEconomyDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    onSaved(false);
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    onSaved(false);
    const found = localErrors(draft);
    setLocal(found);
    if (Object.keys(found).length > 0) return save.reset();
    setSent({ resources: draft.resources.map((r) => r.key), boosters: draft.boosters.map((b) => b.key) });
    save.mutate({
      project_id: projectId,
      ...(draft.enabled !== initial.enabled ? { economy_enabled: draft.enabled } : {}),
      ...(!sameConfig(draft, initial) ? { economy_config: toConfig(draft) } : {}),
    });
  }

  function reset() {
    setDraft(initial);
    setLocal({});
    save.reset();
  }


  return (
    <form onSubmit={submit} noValidate>
      <Card>
        <CardHeader
          title="Settings"
          description="What players hold and the boosters they can buy with it. Playloop's own names show in each player's language until you rename them. Saved as a whole; players see the change on their next request."
          actions={<Badge tone="neutral">Revision {saved.config_revision}</Badge>}
        />
        <CardBody className="space-y-6">
          <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
            <div>
              <label htmlFor="economy-enabled" className="text-sm font-medium text-slate-900">
                Economy on
              </label>
              <p className="mt-0.5 text-xs text-slate-500">
                {draft.enabled ? "Players can buy boosters; your server and this console can grant." : "Purchases and grants are refused. Balances and the ledger are kept."}
              </p>
            </div>
            <Switch id="economy-enabled" label="Economy on" checked={draft.enabled} onChange={(v) => set({ enabled: v })} />
          </div>
          <ResourcesTable resources={draft.resources} errors={errors} onChange={(resources) => set({ resources })} />
          <BoostersTable boosters={draft.boosters} resources={draft.resources} errors={errors} onChange={(boosters) => set({ boosters })} />
          <SaveRefusal fields={errors} other={server.other} error={save.error} />
        </CardBody>
        <div className="flex flex-wrap items-center justify-end gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-5 py-3 sm:px-6">
          <span className={`mr-auto text-sm ${justSaved && !dirty ? "font-medium text-emerald-700" : dirty ? "font-medium text-amber-700" : "text-slate-500"}`} role="status">
            {dirty ? "Unsaved changes" : justSaved ? `✓ Saved as revision ${saved.config_revision}` : "No changes"}
          </span>
          <Button variant="secondary" onClick={reset} disabled={!dirty || save.isPending}>
            Reset
          </Button>
          <Button type="submit" disabled={!dirty} title={dirty ? undefined : "No changes to save yet"} loading={save.isPending}>
            Save settings
          </Button>
        </div>
      </Card>
    </form>
  );
}
