"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Button, ButtonLink } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { RadioCards } from "@/app/_components/RadioCards";
import { errorCode, issuesByPath } from "@/app/_lib/errors";
import { useTRPC } from "@/app/_lib/trpc";
import { useGames } from "../_rewards/games";
import { urlIssue } from "../_rewards/labels";
import type { TCampaign } from "../_rewards/types";
import { useProject, useProjectId } from "../use-project";
import { draftFromCampaign, draftToInput, emptyDraft, errorPathsOf, type TDraft, type TErrors, type TStatus } from "./campaign-draft";
import { LimitFields } from "./limit-fields";
import { PlayerMessageCard } from "./player-message-card";
import { RewardFields } from "./reward-fields";
import { TriggerFields } from "./trigger-fields";

const STATUSES: Array<{ value: TStatus; label: string; description: string }> = [
  { value: "active", label: "Active", description: "Rewards players within its dates." },
  { value: "paused", label: "Paused", description: "Rewards no one; rewards already earned stay." },
];

/** Create (no `campaign`) or edit a campaign; on success back to the list. */
export function CampaignForm({ campaign, defaultMechanic }: { campaign?: TCampaign; defaultMechanic: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const projectId = useProjectId();
  const { games } = useGames();
  const currency = useProject().data?.currency;
  const [draft, setDraft] = useState<TDraft>(() => (campaign ? draftFromCampaign(campaign, currency) : emptyDraft(defaultMechanic, currency)));
  const [local, setLocal] = useState<TErrors>({});
  const listKey = trpc.campaigns.list.queryKey({ project_id: projectId });
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: listKey });
    router.push(`/projects/${projectId}/campaigns`);
  };
  const create = useMutation(trpc.campaigns.create.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.campaigns.update.mutationOptions({ onSuccess: done }));
  const mutation = campaign ? update : create;

  // Errors (the server's and the form's own) stay until the admin edits their field or sends again.
  const [cleared, setCleared] = useState<Set<string>>(new Set());
  const serverIssues = issuesByPath(mutation.error);
  if (serverIssues.webhook_url) serverIssues.webhook_url = urlIssue(serverIssues.webhook_url)!;
  const errors: TErrors = Object.fromEntries(Object.entries({ ...serverIssues, ...local }).filter(([k]) => !cleared.has(k)));
  const unclaimed = mutation.error && (errorCode(mutation.error) !== "validation_error" || Object.keys(serverIssues).length === 0);

  const set = (patch: Partial<TDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setCleared((s) => new Set([...s, ...errorPathsOf(Object.keys(patch) as Array<keyof TDraft>)]));
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const { input, problems } = draftToInput(draft);
    setLocal(problems);
    setCleared(new Set());
    if (!input) return;
    if (campaign) update.mutate({ project_id: projectId, campaign_id: campaign.campaign_id, ...input });
    else create.mutate({ project_id: projectId, ...input });
  }

  const problemCount = Object.keys(errors).length;
  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      <Card>
        <CardHeader title="Basics" description="A name only admins see, and whether the campaign runs." />
        <CardBody className="space-y-5">
          <Field label="Campaign name" htmlFor="c-name" error={errors.name}>
            <Input id="c-name" maxLength={100} placeholder="Summer level-up coupon" value={draft.name} onChange={(e) => set({ name: e.target.value })} invalid={!!errors.name} />
          </Field>
          <Field label="Status" error={errors.status}>
            <RadioCards
              name="status"
              value={draft.status}
              onChange={(v) => set({ status: v })}
              options={draft.status === "archived" ? [...STATUSES, { value: "archived", label: "Archived", description: "Kept for the record; never fires." }] : STATUSES}
              columns={draft.status === "archived" ? 3 : 2}
            />
          </Field>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Trigger" description="What a player does to earn the reward." />
        <CardBody>
          <TriggerFields draft={draft} set={set} errors={errors} games={games} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Reward" description="What your server grants when the reward webhook arrives." />
        <CardBody>
          <RewardFields draft={draft} set={set} errors={errors} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Limits & schedule" />
        <CardBody>
          <LimitFields draft={draft} set={set} errors={errors} />
        </CardBody>
      </Card>

      <PlayerMessageCard draft={draft} set={set} errors={errors} />

      <Card>
        <CardHeader title="Delivery" description="Where this campaign's reward webhooks go." />
        <CardBody>
          <Field label="Webhook URL override" htmlFor="c-webhook" error={errors.webhook_url} hint="Optional. Empty: the project's webhook URL (Webhooks tab).">
            <Input id="c-webhook" type="url" placeholder="https://api.shop.example/playloop/summer" value={draft.webhook_url} onChange={(e) => set({ webhook_url: e.target.value })} invalid={!!errors.webhook_url} />
          </Field>
        </CardBody>
      </Card>

      {unclaimed && <ErrorAlert error={mutation.error} showCode={false} />}
      <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-5 sm:shadow-sm">
        <span className={`mr-auto text-sm ${problemCount ? "font-medium text-red-600" : "text-slate-500"}`} role="status">
          {problemCount ? `Check ${problemCount === 1 ? "1 field" : `${problemCount} fields`} above.` : campaign ? "Changes apply to rewards from now on." : ""}
        </span>
        <ButtonLink href={`/projects/${projectId}/campaigns`} variant="ghost">
          Cancel
        </ButtonLink>
        <Button type="submit" loading={mutation.isPending}>
          {campaign ? "Save campaign" : "Create campaign"}
        </Button>
      </div>
    </form>
  );
}
