"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button, ButtonLink } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { EmptyState } from "@/app/_components/EmptyState";
import { PlusIcon } from "@/app/_components/Icons";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { campaignState, rewardSummary, triggerSummary, windowSummary } from "../_rewards/campaign-summary";
import { formatDuration, useNow } from "../_rewards/format";
import { useGames } from "../_rewards/games";
import { RewardsModeBanner } from "../_rewards/rewards-mode-banner";
import type { TCampaign } from "../_rewards/types";
import { useProject, useProjectId } from "../use-project";

export function CampaignList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const base = `/projects/${projectId}/campaigns`;
  const campaigns = useQuery(trpc.campaigns.list.queryOptions({ project_id: projectId }));
  const toggle = useMutation(
    trpc.campaigns.update.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey({ project_id: projectId }) }) }),
  );
  // Newest first: the list endpoint answers oldest first, and a new campaign is what admins look for.
  const list = [...(campaigns.data?.campaigns ?? [])].reverse();

  return (
    <div className="space-y-6">
      <RewardsModeBanner />
      <Card>
        <CardHeader
          title="Campaigns"
          description="Rules that turn a player's win into a reward: what they must do, what they get, how often."
          actions={
            <ButtonLink href={`${base}/new`} size="sm">
              <PlusIcon className="size-4" /> New campaign
            </ButtonLink>
          }
        />
        {toggle.error && <ErrorAlert error={toggle.error} showCode={false} className="mx-5 mt-4 sm:mx-6" />}
        {campaigns.error && <ErrorAlert error={campaigns.error} showCode={false} className="mx-5 my-4 sm:mx-6" />}
        {campaigns.isPending ? (
          <CardBody className="space-y-3">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </CardBody>
        ) : list.length === 0 ? (
          <CardBody>
            <EmptyState
              title="No campaigns yet"
              description="Create one to reward players, for example with a 10% coupon for winning the first five levels."
              action={<ButtonLink href={`${base}/new`}>Create a campaign</ButtonLink>}
              className="border-0"
            />
          </CardBody>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="campaign-list">
            {list.map((c) => (
              <CampaignRow
                key={c.campaign_id}
                campaign={c}
                href={`${base}/${c.campaign_id}`}
                pending={toggle.isPending && toggle.variables?.campaign_id === c.campaign_id}
                onToggle={() => toggle.mutate({ project_id: projectId, campaign_id: c.campaign_id, status: c.status === "active" ? "paused" : "active" })}
              />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function CampaignRow({ campaign: c, href, pending, onToggle }: { campaign: TCampaign; href: string; pending: boolean; onToggle: () => void }) {
  const now = useNow(60_000);
  const { titleOf } = useGames();
  const currency = useProject().data?.currency;
  const state = campaignState(c, now);
  const capped = c.max_total !== null;
  const share = capped ? Math.min(1, c.claims_count / c.max_total!) : 0;
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:gap-6 sm:px-6">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link href={href} className="font-medium text-slate-900 hover:text-brand-700">
            {c.name}
          </Link>
          <Badge tone={state.tone}>{state.label}</Badge>
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {triggerSummary(c.trigger_type, c.trigger_params, titleOf)} <span className="text-slate-500">→</span> {rewardSummary(c.reward_type, c.reward_metadata, currency)}
        </p>
        <p className="mt-1 text-xs text-slate-500">
          {windowSummary(c)} · {c.max_per_user === 1 ? "once per player" : `up to ${c.max_per_user} per player`}
          {c.cooldown_seconds > 0 && ` · ${formatDuration(c.cooldown_seconds)} cooldown`}
          {c.webhook_url && " · own webhook URL"}
        </p>
      </div>
      <div className="w-full sm:w-40">
        {/* Claims, not rewards delivered: held and in-review claims count toward the cap too (rejected ones do not), and Insights counts only delivered rewards. */}
        <p className="text-sm text-slate-700" title="Delivered, held and in-review claims; rejected ones do not count">
          <span className="font-semibold text-slate-900">{c.claims_count.toLocaleString()}</span>
          {capped ? ` / ${c.max_total!.toLocaleString()} claims` : ` claim${c.claims_count === 1 ? "" : "s"} · no cap`}
        </p>
        {capped && (
          <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label="Claims of the total" aria-valuenow={c.claims_count} aria-valuemax={c.max_total!}>
            <div className="h-full rounded-full bg-brand-500" style={{ width: `${share * 100}%` }} />
          </div>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        {c.status !== "archived" && (
          <Button variant="secondary" size="sm" loading={pending} onClick={onToggle} aria-label={`${c.status === "active" ? "Pause" : "Resume"} ${c.name}`}>
            {c.status === "active" ? "Pause" : "Resume"}
          </Button>
        )}
        <ButtonLink href={href} variant="secondary" size="sm" aria-label={`Edit ${c.name}`}>
          Edit
        </ButtonLink>
      </div>
    </li>
  );
}
