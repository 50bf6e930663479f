"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useParams } from "next/navigation";
import { ErrorAlert } from "@/app/_components/Alert";
import { ButtonLink } from "@/app/_components/Button";
import { EmptyState } from "@/app/_components/EmptyState";
import { Skeleton } from "@/app/_components/Spinner";
import { useTRPC } from "@/app/_lib/trpc";
import { RewardsModeBanner } from "../_rewards/rewards-mode-banner";
import { useProject, useProjectId } from "../use-project";
import { CampaignForm } from "./campaign-form";

function Heading({ title, description }: { title: string; description: string }) {
  const projectId = useProjectId();
  return (
    <div>
      <Link href={`/projects/${projectId}/campaigns`} className="text-sm text-slate-500 hover:text-slate-800">
        ← Campaigns
      </Link>
      <h2 className="mt-1 text-xl font-semibold tracking-tight text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-500">{description}</p>
    </div>
  );
}

export function NewCampaign() {
  const { data: p } = useProject();
  return (
    <div className="space-y-6">
      <Heading title="New campaign" description="Rewards are granted by your server when it receives the signed reward webhook." />
      <RewardsModeBanner />
      {/* The project's current game is the likeliest one to reward. */}
      {p ? <CampaignForm defaultMechanic={p.play_mechanic} /> : <Skeleton className="h-96 rounded-xl" />}
    </div>
  );
}

export function EditCampaign() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const { campaignId } = useParams<{ campaignId: string }>();
  // There is no single-campaign endpoint; the list is small and usually cached already.
  const list = useQuery(trpc.campaigns.list.queryOptions({ project_id: projectId }));
  const campaign = list.data?.campaigns.find((c) => c.campaign_id === campaignId);

  if (list.error) return <ErrorAlert error={list.error} showCode={false} />;
  if (list.isPending) return <Skeleton className="h-96 rounded-xl" />;
  if (!campaign) {
    return (
      <EmptyState
        title="Campaign not found"
        description="It may belong to another project."
        action={<ButtonLink href={`/projects/${projectId}/campaigns`}>Back to campaigns</ButtonLink>}
      />
    );
  }
  return (
    <div className="space-y-6">
      <Heading title={`Edit “${campaign.name}”`} description={`${campaign.claims_count.toLocaleString()} ${campaign.claims_count === 1 ? "claim" : "claims"} so far (delivered, held or in review). Changes apply to rewards from now on; earned ones stay.`} />
      <RewardsModeBanner />
      {/* Keyed by revision: a refetch after someone else's save re-seeds the form. */}
      <CampaignForm key={campaign.updated_at} campaign={campaign} defaultMechanic={null} />
    </div>
  );
}
